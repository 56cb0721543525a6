// The "Fotos" part of the dog form: add photos from the camera or the gallery (or drop them on a
// computer), see each one's upload progress, reorder them (the first is the cover), remove them
// and retry the ones that failed for the network or the server (a refused file can only be
// removed). Up to the store's limit (six for a dog).
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Progress,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconPhotoOff,
  IconPhotoPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import {
  usePhotoUploads,
  type PhotoItem,
  type PhotoUploadStore,
} from '../hooks/photo-upload-store';
import classes from './photo-uploader.module.css';

type PhotoUploaderProps = {
  store: PhotoUploadStore;
  /** The dog's name, for the thumbnails' alt text. */
  name: string;
  /** What the first photo is called ("la portada" for a dog). */
  coverHint?: string;
};

function Thumbnail({ item, alt }: { item: PhotoItem; alt: string }) {
  // A failed new file may not be a picture the browser can draw: no broken image then.
  const src = item.photo ? item.photo.url : item.status === 'error' ? undefined : item.preview;
  if (!src) {
    return (
      <div className={`${classes.thumb} ${classes.thumbEmpty}`} aria-hidden="true">
        <IconPhotoOff size={24} />
      </div>
    );
  }
  return (
    <img
      className={classes.thumb}
      src={src}
      srcSet={item.photo ? item.photo.srcset.jpeg : undefined}
      sizes="6rem"
      alt={alt}
      width={96}
      height={96}
      style={item.photo ? { backgroundImage: `url("${item.photo.placeholder}")` } : undefined}
    />
  );
}

export function PhotoUploader({
  store,
  name,
  coverHint = 'la primera es la portada',
}: PhotoUploaderProps) {
  const { items, notice } = usePhotoUploads(store);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const helpId = useId();
  const full = items.length >= store.max;

  const add = (files: File[] | null) => {
    if (files?.length) store.add(files);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  /** Moves a photo and keeps the keyboard on it: its same button, or the other one at an end. */
  const move = (item: PhotoItem, delta: number, index: number) => {
    store.move(item.key, delta);
    const position = index + delta + 1;
    setAnnouncement(
      `Foto movida a la posición ${position} de ${items.length}${position === 1 ? ': ahora es la portada' : ''}`,
    );
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-photo-key="${item.key}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${delta}"]:not(:disabled)`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${-delta}"]:not(:disabled)`);
      (same ?? other)?.focus();
    });
  };

  return (
    <section className={classes.root} aria-labelledby={headingId}>
      <Text component="h3" id={headingId} fw={600} size="sm">
        Fotos
      </Text>
      <Text id={helpId} size="xs" c="dimmed">
        Hasta {store.max} fotos desde la cámara o la galería; {coverHint}.
      </Text>
      <div
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <FileButton
          onChange={add}
          accept="image/*"
          multiple
          disabled={full}
          inputProps={{ 'aria-label': 'Agregar fotos' }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={18} aria-hidden="true" />}
              aria-describedby={helpId}
              disabled={full}
            >
              {full ? `Máximo ${store.max} fotos` : 'Agregar fotos'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" className={classes.dropHint}>
          o arrástralas aquí
        </Text>
      </div>
      {notice && (
        <Text size="sm" c="red.8" role="alert">
          {notice}
        </Text>
      )}
      {items.length > 0 && (
        <ol className={classes.list} ref={listRef} aria-label="Fotos del perro">
          {items.map((item, index) => {
            const label = `Foto ${index + 1} de ${items.length}${index === 0 ? ' (portada)' : ''}`;
            return (
              <li
                key={item.key}
                className={classes.item}
                data-photo-key={item.key}
                aria-label={label}
              >
                <div className={classes.thumbBox}>
                  <Thumbnail item={item} alt={`${name || 'Perro'}, foto ${index + 1}`} />
                  {index === 0 && (
                    <Badge size="xs" className={classes.cover}>
                      Portada
                    </Badge>
                  )}
                </div>
                <div className={classes.details}>
                  {item.status === 'uploading' || item.status === 'queued' ? (
                    <>
                      <Text size="xs" truncate>
                        {item.status === 'queued'
                          ? 'En espera…'
                          : `Subiendo… ${Math.round(item.progress * 100)} %`}
                      </Text>
                      <Progress
                        value={Math.round(item.progress * 100)}
                        size="sm"
                        aria-label={`Progreso de ${item.name}`}
                      />
                    </>
                  ) : item.status === 'error' ? (
                    <>
                      <Text size="xs" c="red.8" role="alert" className={classes.error}>
                        {item.error}
                      </Text>
                      {item.retryable && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          leftSection={<IconRefresh size={14} aria-hidden="true" />}
                          onClick={() => store.retry(item.key)}
                        >
                          Reintentar
                        </Button>
                      )}
                    </>
                  ) : (
                    <Text size="xs" c="dimmed">
                      Lista
                    </Text>
                  )}
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      aria-label="Mover antes"
                      data-move={-1}
                      disabled={index === 0}
                      onClick={() => move(item, -1, index)}
                    >
                      <IconArrowLeft size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label="Mover después"
                      data-move={1}
                      disabled={index === items.length - 1}
                      onClick={() => move(item, 1, index)}
                    >
                      <IconArrowRight size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      color="red"
                      aria-label="Quitar"
                      onClick={() => {
                        store.remove(item.key);
                        setAnnouncement(`Foto ${index + 1} quitada`);
                      }}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </section>
  );
}
