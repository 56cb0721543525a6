// One dog in the catalogue's grid and in Guardados: cover photo, the heart, status, name (the link to its page), city, profile
// summary and when it was published. The whole card is clickable through its name's link.
import { Badge } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { PhotoPicture } from '@/components/photo-picture';
import type { Dog } from '@/shared/dog';
import { formatPublished, profileSummary, STATUS_COLORS, statusLabel } from '@/lib/dog-labels';
import { VerifiedBadge } from '@/components/verified-badge';
import { DogImage } from './dog-image';
import classes from './catalog-card.module.css';

/** One column on phones, up to four on wide screens (the grid the pages lay the cards in). */
const CARD_PHOTO_SIZES = '(max-width: 36em) 100vw, (max-width: 62em) 50vw, 20rem';

type CatalogCardProps = {
  dog: Dog;
  priority?: boolean;
  /** The heart on the photo (the favorites feature's), handed over by the page. */
  favorite?: ReactNode;
};

export function CatalogCard({ dog, priority = false, favorite }: CatalogCardProps) {
  const nameId = useId();
  const cover = dog.photos?.[0];
  const status = dog.status ?? 'available';
  const summary = profileSummary(dog);
  return (
    <article className={classes.card} aria-labelledby={nameId}>
      {cover ? (
        <PhotoPicture
          photo={cover}
          alt=""
          sizes={CARD_PHOTO_SIZES}
          priority={priority}
          className={classes.image}
        />
      ) : (
        <DogImage
          src={dog.image}
          name=""
          loading={priority ? 'eager' : 'lazy'}
          className={classes.image}
        />
      )}
      {favorite}
      <div className={classes.body}>
        <Badge color={STATUS_COLORS[status]} variant="filled" className={classes.status}>
          {statusLabel(status, dog.sex)}
        </Badge>
        {dog.demo && (
          <Badge color="dark" variant="outline" className={classes.status}>
            Ejemplo
          </Badge>
        )}
        <h2 id={nameId} className={classes.name}>
          <Link to="/perros/$id" params={{ id: String(dog.id) }} className={classes.link}>
            {dog.name}
          </Link>
        </h2>
        <p className={classes.line}>
          <IconMapPin size={16} stroke={1.8} aria-label="Ciudad:" />
          {dog.city}
        </p>
        {dog.org && (
          <p className={classes.line}>
            <span>{dog.org.name}</span>
            {dog.org.verified && <VerifiedBadge size="xs" />}
          </p>
        )}
        {summary && <p className={classes.line}>{summary}</p>}
        {dog.created_at && (
          <p className={classes.published} suppressHydrationWarning>
            {formatPublished(dog.created_at)}
          </p>
        )}
      </div>
    </article>
  );
}
