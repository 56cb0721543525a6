// One report in /perdidos and among a report's matches: cover photo (or a plain box), "Se busca"
// or "Encontrado", the dog's name (the link to its page), zone, date, size and colours, and for a
// match why it may be the same dog.
import { Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { PhotoPicture } from '@/components/photo-picture';
import {
  formatCalendarDate,
  LOST_FOUND_COLOR_LABELS,
  LOST_FOUND_SIZE_LABELS,
  lostFoundHeadline,
} from '@/shared/lost-found-labels';
import type { Report } from '../api/lost-found-api';
import classes from './report-card.module.css';

const CARD_PHOTO_SIZES = '(max-width: 36em) 100vw, (max-width: 62em) 50vw, 20rem';

export function kindBadge(report: Pick<Report, 'kind'>) {
  return report.kind === 'lost' ? (
    <Badge color="red.9" variant="filled">
      Se busca
    </Badge>
  ) : (
    <Badge color="teal.9" variant="filled">
      Encontrado
    </Badge>
  );
}

export function ReportCard({
  report,
  reason,
  priority = false,
}: {
  report: Report;
  /** For a match: why it may be the same dog. */
  reason?: string;
  priority?: boolean;
}) {
  const titleId = useId();
  const cover = report.photos[0];
  const colors = report.colors.map((c) => LOST_FOUND_COLOR_LABELS[c]).join(', ');
  return (
    <article className={classes.card} aria-labelledby={titleId}>
      {cover ? (
        <PhotoPicture
          photo={cover}
          alt=""
          sizes={CARD_PHOTO_SIZES}
          priority={priority}
          className={classes.image}
        />
      ) : (
        <div className={`${classes.image} ${classes.noimage}`} aria-hidden="true">
          Sin foto
        </div>
      )}
      <div className={classes.body}>
        {kindBadge(report)}
        <h2 id={titleId} className={classes.title}>
          <Link to="/perdidos/$id" params={{ id: String(report.id) }} className={classes.link}>
            {lostFoundHeadline(report)}
          </Link>
        </h2>
        <p className={classes.line}>{formatCalendarDate(report.date)}</p>
        <p className={classes.line}>
          {LOST_FOUND_SIZE_LABELS[report.size]} · {colors}
        </p>
        {reason && (
          <p className={classes.reason}>
            Coincide en: <strong>{reason}</strong>
          </p>
        )}
      </div>
    </article>
  );
}
