// Frame of the account, password recovery and privacy pages: a titled column of sections, with
// focus moved to the title when the page opens (screen readers announce the new page).
import { Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from './account-page.module.css';

type AccountPageProps = {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
};

export function AccountPage({ title, intro, children }: AccountPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        {intro && <Text mt="xs">{intro}</Text>}
        {children}
      </div>
    </main>
  );
}

/** One titled card of a page (`id` is its anchor: /cuenta#alertas); `danger` marks irreversible actions. */
export function AccountSection({
  id,
  title,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={`${classes.section} ${danger ? classes.danger : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <Title order={2} id={`${id}-title`} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Running text of a policy page (its headings and lists spaced for reading). */
export function AccountProse({ children }: { children: ReactNode }) {
  return <div className={classes.policy}>{children}</div>;
}

/** A section title of its own, for a section that is not a card (AccountSection draws its own). */
export function AccountSectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className={classes.sectionTitle}>
      {children}
    </h2>
  );
}
