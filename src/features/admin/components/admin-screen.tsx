// /admin: the moderation console. Open reports grouped by listing (hide the listing, block its
// owner, dismiss a report), the hidden listings and blocked accounts (restore, unblock), the
// organizations waiting for verification, the background e-mails and tasks ("Correos y tareas") and the audit log of every admin action.
// Complaints about lost and found reports sit next to the listings' (hide or restore the report).
// Only admins reach it (the route and every API call check).
import { Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { AuditSection } from './audit-section';
import { BlockedUsersSection } from './blocked-users-section';
import { HiddenDogsSection } from './hidden-dogs-section';
import { JobsSection } from './jobs-section';
import { LostFoundFlagsSection } from './lost-found-flags-section';
import { OrgsSection } from './orgs-section';
import { ReportsSection } from './reports-section';
import classes from './admin-page.module.css';

export function AdminScreen() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
          Moderación
        </Title>
        <Text mt="xs">Reportes de la comunidad y acciones sobre publicaciones y cuentas.</Text>
        <ReportsSection />
        <LostFoundFlagsSection />
        <OrgsSection />
        <HiddenDogsSection />
        <BlockedUsersSection />
        <JobsSection />
        <AuditSection />
      </div>
    </main>
  );
}
