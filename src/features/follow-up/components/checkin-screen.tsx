// /seguimiento/$token: the check-in an adopter opens from the e-mailed link, without logging in.
// One or two photos, how the dog is ("Todo bien" / "Necesito ayuda" / "Ya no puedo tenerlo") and
// a message; the link works once. A used, expired or wrong link says so in Spanish.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Button, Group, Radio, Text, Textarea, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  CHECKIN_MESSAGE_MAX,
  CHECKIN_PHOTOS_MAX,
  CHECKIN_STATUS_LABELS,
  CHECKIN_STATUSES,
  type CheckinStatus,
} from '@/shared/follow-up';
import type { Photo } from '@/shared/photo';
import { uploadCheckinPhoto, useAnswerCheckin, useCheckin } from '../api/follow-up';
import { formatInstant, Photos } from './parts';
import classes from './follow-up.module.css';

const THANKS: Record<CheckinStatus, string> = {
  ok: '¡Gracias! Nos alegra saber que todo va bien.',
  help: 'Gracias por contarnos. Ya le avisamos a quien te lo entregó para que te contacte pronto.',
  return:
    'Gracias por avisar a tiempo. Ya le avisamos a quien te lo entregó para acordar el regreso. Por favor, no lo entregues a otra persona.',
};

export function CheckinScreen({ token }: { token: string }) {
  const prompt = useCheckin(token);
  const answer = useAnswerCheckin(token);
  const [status, setStatus] = useState<CheckinStatus | ''>('');
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CheckinStatus | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [done]);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    if (photos.length + files.length > CHECKIN_PHOTOS_MAX) {
      setError(`Puedes enviar como máximo ${CHECKIN_PHOTOS_MAX} fotos`);
      return;
    }
    setError(null);
    setUploading(true);
    try {
      for (const file of files) {
        const photo = await uploadCheckinPhoto(token, file);
        setPhotos((list) => [...list, photo]);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) {
      setError('Elige cómo está: Todo bien, Necesito ayuda o Ya no puedo tenerlo');
      return;
    }
    setError(null);
    answer.mutate(
      { status, message: message.trim() || undefined, photo_ids: photos.map((p) => p.id) },
      { onSuccess: () => setDone(status), onError: (e) => setError(e.message) },
    );
  };

  const dog = prompt.data?.dog.name;
  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
          {done ? '¡Gracias por contarnos!' : dog ? `¿Cómo está ${dog}?` : 'Seguimiento'}
        </Title>
        {done ? (
          <div className={classes.section} role="status">
            <Text>{THANKS[done]}</Text>
            <Text mt="sm">
              <Link to="/perros">Ver perros en adopción</Link>
            </Text>
          </div>
        ) : prompt.isError ? (
          <div className={classes.section} role="alert">
            <Text fw={600}>{prompt.error.message}</Text>
          </div>
        ) : !prompt.data ? (
          <Text mt="lg" role="status">
            Cargando el seguimiento...
          </Text>
        ) : (
          <form className={classes.section} onSubmit={submit} aria-label="Seguimiento" noValidate>
            <Text>
              Seguimiento {prompt.data.seq} de {prompt.data.total}. Este enlace sirve una sola vez,
              hasta el {formatInstant(prompt.data.expires_at)}.
            </Text>
            <Radio.Group
              mt="md"
              label={`¿Cómo está ${dog}?`}
              value={status}
              onChange={(value) => setStatus(value as CheckinStatus)}
              required
            >
              <Group mt="xs">
                {CHECKIN_STATUSES.map((value) => (
                  <Radio key={value} value={value} label={CHECKIN_STATUS_LABELS[value]} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              mt="md"
              label="Cuéntanos (opcional)"
              autosize
              minRows={3}
              maxLength={CHECKIN_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
            <Text mt="md" fw={500} size="sm" component="label" htmlFor="fotos-seguimiento">
              Fotos de {dog} (hasta {CHECKIN_PHOTOS_MAX})
            </Text>
            <input
              id="fotos-seguimiento"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              multiple
              disabled={uploading || photos.length >= CHECKIN_PHOTOS_MAX}
              onChange={(event) => void addPhotos(event)}
            />
            {uploading && (
              <Text size="sm" role="status">
                Subiendo la foto...
              </Text>
            )}
            <Photos photos={photos} alt={`Foto de ${dog} para el seguimiento`} />
            {error && (
              <Text role="alert" c="red.9" size="sm" mt="sm">
                {error}
              </Text>
            )}
            <Button type="submit" mt="md" loading={answer.isPending} disabled={uploading}>
              Enviar seguimiento
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
