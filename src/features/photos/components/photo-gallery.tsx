// A dog's photos: the one photo as it is, several in a carousel (swipe, arrows, dots). Reusable by
// any page that shows a dog; the first photo loads at once, the others when they come into view.
import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Photo } from '@/shared/photo';
import './photo-gallery.css';
import { PhotoPicture } from './photo-picture';

const classes = {
  control: 'photo-gallery-control',
  indicator: 'photo-gallery-indicator',
  photo: 'photo-gallery-photo',
  root: 'photo-gallery-root',
} as const;

type PhotoGalleryProps = {
  photos: readonly Photo[];
  /** The dog's name: the gallery's label and each photo's alt text. */
  name: string;
  /** Layout width of one photo (the `sizes` attribute). */
  sizes?: string;
  /** Whether the first photo is in the page's first view. */
  priority?: boolean;
  className?: string;
};

export function PhotoGallery({
  photos,
  name,
  sizes = '(min-width: 48em) 18rem, 100vw',
  priority = false,
  className,
}: PhotoGalleryProps) {
  if (photos.length === 0) return null;
  if (photos.length === 1) {
    return (
      <PhotoPicture
        photo={photos[0]!}
        alt={name}
        sizes={sizes}
        priority={priority}
        className={`${classes.photo} ${className ?? ''}`}
      />
    );
  }
  return (
    <Carousel
      className={className}
      classNames={{ root: classes.root, control: classes.control, indicator: classes.indicator }}
      aria-label={`Fotos de ${name}`}
      aria-roledescription="carrusel"
      withIndicators
      emblaOptions={{ loop: true, align: 'center' }}
      controlSize={36}
      previousControlIcon={<IconChevronLeft size={20} aria-hidden="true" />}
      nextControlIcon={<IconChevronRight size={20} aria-hidden="true" />}
      previousControlProps={{ 'aria-label': 'Foto anterior' }}
      nextControlProps={{ 'aria-label': 'Foto siguiente' }}
    >
      {photos.map((photo, index) => (
        <Carousel.Slide
          key={photo.id}
          aria-roledescription="diapositiva"
          aria-label={`Foto ${index + 1} de ${photos.length}`}
        >
          <PhotoPicture
            photo={photo}
            alt={`${name}, foto ${index + 1} de ${photos.length}`}
            sizes={sizes}
            priority={priority && index === 0}
            className={classes.photo}
          />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
