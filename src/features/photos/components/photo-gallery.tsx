// A dog's photos: the one photo as it is, several in a carousel (swipe, arrows, dots). Reusable by
// any page that shows a dog; the first photo loads at once, the others when they come into view.
// `large` (the dog's page): each photo whole (never cropped) across the column, and a press
// enlarges it full screen (photo-viewer.tsx, loaded then).
import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Photo } from '@/shared/photo';
import classes from './photo-gallery.module.css';
import { PhotoPicture } from '@/components/photo-picture';

const PhotoViewer = lazy(() => import('./photo-viewer'));

type PhotoGalleryProps = {
  photos: readonly Photo[];
  /** The dog's name: the gallery's label and each photo's alt text. */
  name: string;
  /** Layout width of one photo (the `sizes` attribute). */
  sizes?: string;
  /** Whether the first photo is in the page's first view. */
  priority?: boolean;
  className?: string;
  /** Whole photos across the column, each enlarged full screen with a press. */
  large?: boolean;
};

export function PhotoGallery({
  photos,
  name,
  sizes = '(min-width: 48em) 18rem, 100vw',
  priority = false,
  className,
  large = false,
}: PhotoGalleryProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const photoClass = large ? `${classes.photo} ${classes.large}` : classes.photo;
  /** A large gallery's photo is a button that enlarges it. */
  const enlargeable = (index: number, picture: ReactNode) =>
    large ? (
      <button
        type="button"
        className={classes.enlarge}
        aria-label={
          photos.length > 1 ? `Ampliar la foto ${index + 1} de ${photos.length}` : 'Ampliar la foto'
        }
        onClick={() => setViewing(index)}
      >
        {picture}
      </button>
    ) : (
      picture
    );
  const viewer = viewing !== null && (
    <Suspense>
      <PhotoViewer photos={photos} name={name} start={viewing} onClose={() => setViewing(null)} />
    </Suspense>
  );
  if (photos.length === 1) {
    return (
      <>
        {enlargeable(
          0,
          <PhotoPicture
            photo={photos[0]!}
            alt={name}
            sizes={sizes}
            priority={priority}
            className={`${photoClass} ${className ?? ''}`}
          />,
        )}
        {viewer}
      </>
    );
  }
  return (
    <>
      <Carousel
        className={className}
        classNames={{
          root: large ? `${classes.root} ${classes.largeRoot}` : classes.root,
          control: classes.control,
          indicator: classes.indicator,
        }}
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
            {enlargeable(
              index,
              <PhotoPicture
                photo={photo}
                alt={`${name}, foto ${index + 1} de ${photos.length}`}
                sizes={sizes}
                priority={priority && index === 0}
                className={photoClass}
              />,
            )}
          </Carousel.Slide>
        ))}
      </Carousel>
      {viewer}
    </>
  );
}
