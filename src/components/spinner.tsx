// A small loading ring for the parts of the first download (the page loader, buttons waiting for
// the server); decorative: the element around it says what is loading.
import type { CSSProperties } from 'react';
import classes from './spinner.module.css';

export function Spinner({ size = 36, color }: { size?: number; color?: string }) {
  return (
    <span
      aria-hidden="true"
      className={classes.spinner}
      style={{ '--spinner-size': `${size}px`, color } as CSSProperties}
    />
  );
}
