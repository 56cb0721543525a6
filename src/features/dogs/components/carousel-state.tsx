// The carousel's non-list states (loading, empty, failed). Kept apart from the carousel so the
// landing page can show 'Cargando...' while the carousel's own chunk downloads.
import { Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './carousel-state.module.css';

type CarouselStateProps = {
  role: 'status' | 'alert';
  title: string;
  children?: ReactNode;
  loading?: boolean;
};

export function CarouselState({ role, title, children, loading = false }: CarouselStateProps) {
  return (
    <div className={classes.state} role={role}>
      {loading && <Loader color="brand" />}
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
