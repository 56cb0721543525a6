// Shared frame of the login and registration screens: a centred card over the whole viewport.
import '@mantine/core/styles/Input.css';
import { Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPaw } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHidePageScroll } from '../hooks/use-hide-page-scroll';
import classes from './auth-layout.module.css';

type AuthLayoutProps = {
  /** The browser tab's title for this screen. */
  documentTitle: string;
  title: string;
  subtitle: string;
  children: ReactNode;
  links: ReactNode;
};

export function AuthLayout({ documentTitle, title, subtitle, children, links }: AuthLayoutProps) {
  useHidePageScroll();
  useDocumentTitle(documentTitle);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new screen without a page load: move focus to its heading so screen readers announce it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className={classes.screen} id="contenido">
      <section className={classes.card} aria-labelledby="auth-title">
        <div className={classes.badge}>
          <IconPaw size={30} aria-hidden="true" />
        </div>
        <Title order={1} id="auth-title" className={classes.title} ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        <Text mt={4} mb="lg">
          {subtitle}
        </Text>
        {children}
        <nav className={classes.links} aria-label="Otras opciones">
          {links}
        </nav>
      </section>
    </main>
  );
}

/** The server's error text, announced to screen readers as soon as it appears. */
export function ServerError({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert" aria-atomic="true">
      {message && (
        <p className={classes.error}>
          <IconAlertCircle size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
          <span>{message}</span>
        </p>
      )}
    </div>
  );
}
