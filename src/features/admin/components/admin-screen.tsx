// /admin: the moderation console. Open reports grouped by listing (hide the listing, block its
// owner, dismiss a report), the hidden listings and blocked accounts (restore, unblock), the
// organizations waiting for verification, the background e-mails and tasks ("Correos y tareas") and the audit log of every admin action.
// Complaints about lost and found reports sit next to the listings' (hide or restore the report).
// Only admins reach it (the route and every API call check).
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { openConfirmModal, preloadOverlays } from '@/components/overlays/overlays';
import { AUDIT_ACTION_LABELS, REPORT_REASON_LABELS, type ReportGroup } from '@/shared/moderation';
import { useAudit } from '../api/get-audit';
import { useBlockedUsers } from '../api/get-blocked-users';
import { useHiddenDogs } from '../api/get-hidden-dogs';
import { useReports } from '../api/get-reports';
import { AdminTable, formatDate, Loaded, Section, useAct } from './admin-parts';
import { JobsSection } from './jobs-section';
import { LostFoundFlagsSection } from './lost-found-flags-section';
import { OrgsSection } from './orgs-section';
import { askReason } from './reason-form';
import './admin-page.css';

const reportCount = (n: number) => (n === 1 ? '1 reporte' : `${n} reportes`);

function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { run, runNow, busy } = useAct();
  const { dog, owner } = group;
  const headingId = `reportes-perro-${dog.id}`;
  const hide = () =>
    askReason({
      title: `Ocultar la publicación de ${dog.name}`,
      description:
        'Dejará de verse en las listas, la búsqueda y su página para todos menos su dueño, que verá este motivo.',
      confirmLabel: 'Ocultar publicación',
      onConfirm: (reason) =>
        run({ kind: 'hide', dogId: dog.id, reason }, `La publicación de ${dog.name} quedó oculta.`),
    });
  const block = () =>
    askReason({
      title: `Bloquear la cuenta de ${owner.name}`,
      description:
        'Sus sesiones terminan de inmediato, no podrá volver a entrar y todas sus publicaciones se ocultan.',
      confirmLabel: 'Bloquear cuenta',
      onConfirm: (reason) =>
        run(
          { kind: 'block', userId: owner.id, reason },
          `La cuenta de ${owner.name} quedó bloqueada.`,
        ),
    });
  return (
    <article className="admin-page-card" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={3} id={headingId} className="admin-page-card-title">
            {dog.name}{' '}
            <span className="admin-page-muted">
              ({dog.city}, ID {dog.id})
            </span>
          </Title>
          <Text size="sm">
            Publicado por {owner.name} ({owner.email}){owner.blocked && ' · cuenta bloqueada'}
            {dog.hidden && ' · publicación oculta'}
          </Text>
        </div>
        <span className="admin-page-count">{reportCount(group.count)}</span>
      </Group>
      <ul className="admin-page-reports">
        {group.reports.map((report) => (
          <li key={report.id}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div>
                <Text fw={700}>{REPORT_REASON_LABELS[report.reason]}</Text>
                {report.details && <Text className="admin-page-details">{report.details}</Text>}
                <Text size="sm" c="dimmed">
                  {report.reporter
                    ? `${report.reporter.name} (${report.reporter.email})`
                    : 'Detección automática'}{' '}
                  · {formatDate(report.created_at)}
                </Text>
              </div>
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() =>
                  void runNow({ kind: 'dismiss', reportId: report.id }, 'Reporte descartado.')
                }
                aria-label={
                  report.reporter
                    ? `Descartar el reporte de ${report.reporter.name}`
                    : `Descartar la detección automática: ${REPORT_REASON_LABELS[report.reason]}`
                }
              >
                Descartar
              </Button>
            </Group>
          </li>
        ))}
      </ul>
      <Group gap="sm">
        {!dog.hidden && (
          <Button color="red" disabled={busy} onClick={hide} onMouseEnter={preloadOverlays}>
            Ocultar publicación
          </Button>
        )}
        {!owner.blocked && (
          <Button color="red" variant="light" disabled={busy} onClick={block}>
            Bloquear cuenta
          </Button>
        )}
      </Group>
    </article>
  );
}

function ReportsSection() {
  const reports = useReports();
  return (
    <Section id="reportes" title="Reportes abiertos">
      <Loaded query={reports} empty="No hay reportes abiertos.">
        {(groups) => (
          <Stack gap="md">
            {groups.map((group) => (
              <ReportGroupCard key={group.dog.id} group={group} />
            ))}
          </Stack>
        )}
      </Loaded>
    </Section>
  );
}

function HiddenDogsSection() {
  const hidden = useHiddenDogs();
  const { runNow, busy } = useAct();
  const restore = (id: number, name: string) =>
    void openConfirmModal({
      modalId: `restaurar-${id}`,
      title: `Restaurar la publicación de ${name}`,
      children: <Text>Volverá a verse para todos.</Text>,
      labels: { confirm: 'Restaurar', cancel: 'Cancelar' },
      onConfirm: () =>
        void runNow({ kind: 'restore', dogId: id }, `La publicación de ${name} se ve de nuevo.`),
    });
  return (
    <Section id="ocultas" title="Publicaciones ocultas">
      <Loaded query={hidden} empty="No hay publicaciones ocultas.">
        {(dogs) => (
          <AdminTable
            rows={dogs}
            rowKey={(dog) => dog.id}
            columns={[
              { label: 'Perro', cell: (dog) => `${dog.name} (ID ${dog.id})` },
              { label: 'Dueño', cell: (dog) => `${dog.owner.name} (${dog.owner.email})` },
              { label: 'Motivo', cell: (dog) => dog.reason },
              { label: 'Fecha', cell: (dog) => formatDate(dog.hidden_at) },
              {
                label: 'Acciones',
                labelHidden: true,
                cell: (dog) => (
                  <Button
                    size="xs"
                    variant="light"
                    disabled={busy}
                    onClick={() => restore(dog.id, dog.name)}
                    aria-label={`Restaurar la publicación de ${dog.name}`}
                  >
                    Restaurar
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </Section>
  );
}

function BlockedUsersSection() {
  const blocked = useBlockedUsers();
  const { runNow, busy } = useAct();
  const unblock = (id: number, name: string) =>
    void openConfirmModal({
      modalId: `desbloquear-${id}`,
      title: `Desbloquear la cuenta de ${name}`,
      children: <Text>Podrá volver a entrar y sus publicaciones se verán de nuevo.</Text>,
      labels: { confirm: 'Desbloquear', cancel: 'Cancelar' },
      onConfirm: () =>
        void runNow({ kind: 'unblock', userId: id }, `La cuenta de ${name} quedó desbloqueada.`),
    });
  return (
    <Section id="bloqueadas" title="Cuentas bloqueadas">
      <Loaded query={blocked} empty="No hay cuentas bloqueadas.">
        {(users) => (
          <AdminTable
            rows={users}
            rowKey={(user) => user.id}
            columns={[
              { label: 'Cuenta', cell: (user) => `${user.name} (${user.email})` },
              { label: 'Motivo', cell: (user) => user.reason },
              { label: 'Fecha', cell: (user) => formatDate(user.blocked_at) },
              {
                label: 'Acciones',
                labelHidden: true,
                cell: (user) => (
                  <Button
                    size="xs"
                    variant="light"
                    disabled={busy}
                    onClick={() => unblock(user.id, user.name)}
                    aria-label={`Desbloquear la cuenta de ${user.name}`}
                  >
                    Desbloquear
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </Section>
  );
}

const TARGET_NAMES = {
  dog: 'Publicación',
  user: 'Cuenta',
  report: 'Reporte',
  lost_found: 'Perdido o encontrado',
  org: 'Organización',
} as const;

function AuditSection() {
  const audit = useAudit();
  return (
    <Section id="auditoria" title="Registro de auditoría">
      <Text size="sm" mb="sm">
        Cada acción de un administrador: quién, qué, cuándo y por qué. Solo lo ven los
        administradores.
      </Text>
      <Loaded query={audit} empty="Aún no hay acciones registradas.">
        {(entries) => (
          <AdminTable
            rows={entries}
            rowKey={(entry) => entry.id}
            columns={[
              { label: 'Fecha', cell: (entry) => formatDate(entry.created_at) },
              { label: 'Quién', cell: (entry) => entry.actor },
              { label: 'Acción', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
              {
                label: 'Sobre',
                cell: (entry) =>
                  `${TARGET_NAMES[entry.target_type]} ${entry.target_id}${entry.target_label ? `: ${entry.target_label}` : ''}`,
              },
              { label: 'Motivo', cell: (entry) => entry.reason || '—' },
            ]}
          />
        )}
      </Loaded>
    </Section>
  );
}

export function AdminScreen() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className="admin-page-page" id="contenido">
      <div className="admin-page-inner">
        <Title order={1} className="admin-page-title" ref={headingRef} tabIndex={-1}>
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
