// A dog's photo with its name as alt text, falling back to the local placeholder when the dog
// has no image or the image fails to load. Width and height are explicit so nothing shifts.
import { useState, type ImgHTMLAttributes } from 'react';

export const DOG_PLACEHOLDER_SRC = '/dog-placeholder.svg';

type DogImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string;
  name: string;
};

export function DogImage({ src, name, width = 288, height = 256, ...props }: DogImageProps) {
  const wanted = src.trim() || DOG_PLACEHOLDER_SRC;
  // Remember which URL failed, so a new `src` (after an edit) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === wanted ? DOG_PLACEHOLDER_SRC : wanted;
  return (
    <img
      {...props}
      src={shown}
      alt={name}
      width={width}
      height={height}
      decoding="async"
      onError={() => {
        if (shown !== DOG_PLACEHOLDER_SRC) setFailedSrc(wanted);
      }}
    />
  );
}
