// One uploaded photo, responsive: AVIF or WebP at the width the layout needs (srcset + sizes),
// JPEG for browsers with neither, explicit width and height so nothing shifts, and the blurred
// placeholder painted behind it until the photo has arrived.
import { useState, type CSSProperties } from 'react';
import type { Photo } from '@/shared/photo';

type PhotoPictureProps = {
  photo: Photo;
  alt: string;
  /** How wide the photo is laid out, e.g. "(min-width: 48em) 18rem, 100vw". */
  sizes: string;
  /** In the first view (the first cover): loaded at once and first, never lazily. */
  priority?: boolean;
  className?: string;
};

export function PhotoPicture({
  photo,
  alt,
  sizes,
  priority = false,
  className,
}: PhotoPictureProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder: CSSProperties | undefined = loaded
    ? undefined
    : {
        backgroundImage: `url("${photo.placeholder}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      };
  return (
    <picture>
      <source type="image/avif" srcSet={photo.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.srcset.webp} sizes={sizes} />
      <img
        src={photo.url}
        srcSet={photo.srcset.jpeg}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={className}
        style={placeholder}
        data-loaded={loaded || undefined}
        onLoad={() => setLoaded(true)}
      />
    </picture>
  );
}
