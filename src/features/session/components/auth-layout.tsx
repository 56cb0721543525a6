// Shared frame of the login and registration screens: a centred card over the whole viewport,
// with the site's footer below it.
import '@mantine/core/styles/Input.css';
import { Text, Title } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { PageFooter } from '@/components/page-footer';
import { useHidePageScroll } from '../hooks/use-hide-page-scroll';
import classes from './auth-layout.module.css';

type AuthLayoutProps = {
  title: string;
  subtitle: string;
  children: ReactNode;
  links: ReactNode;
};

export function AuthLayout({ title, subtitle, children, links }: AuthLayoutProps) {
  useHidePageScroll();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new screen without a page load: move focus to its heading so screen readers announce it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={classes.screen}>
      <main className={classes.main} id="contenido">
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
      <PageFooter />
    </div>
  );
}
