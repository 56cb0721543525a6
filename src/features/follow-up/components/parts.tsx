// Pieces the follow-up screens share: dates in Cali's time, a check-in's status in words, and a
// check-in's photos.
import type { Checkin } from '@/shared/follow-up';
import { CHECKIN_STATUS_LABELS, formatDay } from '@/shared/follow-up-words';
import type { Photo } from '@/shared/photo';
import classes from './follow-up.module.css';

const dayFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeZone: 'America/Bogota',
});
export const formatInstant = (iso: string) => dayFormat.format(new Date(iso));
export { formatDay };

/** What a check-in is at: answered (how), waiting, not answered, or still to come. */
export function checkinState(checkin: Checkin): string {
  if (checkin.status) return CHECKIN_STATUS_LABELS[checkin.status];
  if (checkin.overdue) return 'Sin respuesta';
  if (checkin.sent_at) return 'Esperando respuesta';
  return 'Programado';
}

export function Photos({ photos, alt }: { photos: Photo[]; alt: string }) {
  if (photos.length === 0) return null;
  return (
    <div className={classes.photos}>
      {photos.map((photo, index) => (
        <img
          key={photo.id}
          src={photo.url}
          width={photo.width}
          height={photo.height}
          alt={photos.length > 1 ? `${alt} (${index + 1})` : alt}
          loading="lazy"
        />
      ))}
    </div>
  );
}
