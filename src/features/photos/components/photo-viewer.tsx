// A dog's photos full screen: each one whole, as large as the screen allows, moved through by
// swiping, the arrows or the keyboard; Escape or the close button goes back. Its own chunk: it
// loads when someone asks to enlarge a photo.
import '@mantine/carousel/styles.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Carousel } from '@mantine/carousel';
import { Modal } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Photo } from '@/shared/photo';
import classes from './photo-gallery.module.css';
import { PhotoPicture } from '@/components/photo-picture';

export default function PhotoViewer({
  photos,
  name,
  start,
  onClose,
}: {
  photos: readonly Photo[];
  name: string;
  /** The photo shown first (its index). */
  start: number;
  onClose: () => void;
}) {
  const several = photos.length > 1;
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={`Fotos de ${name}`}
      closeButtonProps={{ 'aria-label': 'Cerrar las fotos' }}
      classNames={{ body: classes.viewerBody }}
    >
      {several ? (
        <Carousel
          classNames={{ control: classes.control, indicator: classes.indicator }}
          aria-roledescription="carrusel"
          aria-label={`Fotos de ${name}`}
          withIndicators
          withKeyboardEvents
          initialSlide={start}
          emblaOptions={{ loop: true, align: 'center', startIndex: start }}
          controlSize={40}
          previousControlIcon={<IconChevronLeft size={22} aria-hidden="true" />}
          nextControlIcon={<IconChevronRight size={22} aria-hidden="true" />}
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
                sizes="100vw"
                priority={index === start}
                className={classes.viewerPhoto}
              />
            </Carousel.Slide>
          ))}
        </Carousel>
      ) : (
        <PhotoPicture
          photo={photos[0]!}
          alt={name}
          sizes="100vw"
          priority
          className={classes.viewerPhoto}
        />
      )}
    </Modal>
  );
}
