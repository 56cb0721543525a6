// The carousel's non-list states (loading, empty, failed), and the id focus returns to.
import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import classes from './carousel-state.module.css';

/** Where focus goes when the dog it was on disappears (see focusDogList). */
export const DOG_LIST_FOCUS_ID = 'lista-de-perros';

/** Moves focus to the dog list (the carousel, or its empty state) once React has rendered. */
export function focusDogList() {
  window.setTimeout(
    () => document.getElementById(DOG_LIST_FOCUS_ID)?.focus({ preventScroll: false }),
    0,
  );
}

type CarouselStateProps = {
  role: 'status' | 'alert';
  title: string;
  children?: ReactNode;
  loading?: boolean;
};

export function CarouselState({ role, title, children, loading = false }: CarouselStateProps) {
  return (
    <div className={classes.state} role={role} id={DOG_LIST_FOCUS_ID} tabIndex={-1}>
      {loading && <Spinner color="var(--mantine-color-brand-filled)" />}
      <p className={classes.title}>{title}</p>
      {children}
    </div>
  );
}

export function CarouselLoading() {
  return <CarouselState role="status" title="Cargando..." loading />;
}

export function CarouselText({ children }: { children: ReactNode }) {
  return <p className={classes.text}>{children}</p>;
}
