// /admin: the moderation console. Open reports grouped by listing (hide the listing, block its
// owner, dismiss a report), the hidden listings and blocked accounts (restore, unblock), the
// organizations waiting for verification, the background e-mails and tasks ("Correos y tareas") and the audit log of every admin action.
// Only admins reach it (the route and every API call check).
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { notify, openConfirmModal, preloadOverlays } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import { useHydrating } from '@/lib/use-hydrating';
import { AUDIT_ACTION_LABELS, REPORT_REASON_LABELS, type ReportGroup } from '@/shared/moderation';
import { useAudit } from '../api/get-audit';
import { useBlockedUsers } from '../api/get-blocked-users';
import { useHiddenDogs } from '../api/get-hidden-dogs';
import { useReports } from '../api/get-reports';
import { useModerate, type ModerationAction } from '../api/moderate';
import { JobsSection } from './jobs-section';
import { OrgsSection } from './orgs-section';
import { askReason } from './reason-form';
import './admin-page.css';

// Colombia has one time zone: the server and the browser draw the same text.
const dateFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const reportCount = (n: number) => (n === 1 ? '1 reporte' : `${n} reportes`);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-page-section" aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`} className="admin-page-section-title">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Loading, failed (with a retry) or the content for the data. */
function Loaded<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (data: T[]) => ReactNode;
}) {
  if (query.isPending) return <Text role="status">Cargando...</Text>;
  if (query.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text className="admin-page-error" role="alert">
          {query.error.message}
        </Text>
        <Button variant="light" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Stack>
    );
  }
  if (query.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(query.data)}</>;
}

function useAct() {
  const moderate = useModerate();
  const hydrating = useHydrating();
  const run = async (action: ModerationAction, done: string) => {
    await moderate.mutateAsync(action);
    notify({ color: 'teal', title: 'Listo', message: done });
  };
  /** Runs an action that needs no reason, with any failure as a notification. */
  const runNow = (action: ModerationAction, done: string) =>
    run(action, done).catch((error: unknown) =>
      notify({ color: 'red', title: 'No se pudo completar', message: toApiError(error).message }),
    );
  return { run, runNow, busy: moderate.isPending || hydrating };
}

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
          <div className="admin-page-scroll">
            <table className="admin-page-table">
              <thead>
                <tr>
                  <th scope="col">Perro</th>
                  <th scope="col">Dueño</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">
                    <span className="admin-page-sr">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {dogs.map((dog) => (
                  <tr key={dog.id}>
                    <td data-label="Perro">
                      {dog.name} (ID {dog.id})
                    </td>
                    <td data-label="Dueño">
                      {dog.owner.name} ({dog.owner.email})
                    </td>
                    <td data-label="Motivo">{dog.reason}</td>
                    <td data-label="Fecha">{formatDate(dog.hidden_at)}</td>
                    <td>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={busy}
                        onClick={() => restore(dog.id, dog.name)}
                        aria-label={`Restaurar la publicación de ${dog.name}`}
                      >
                        Restaurar
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
          <div className="admin-page-scroll">
            <table className="admin-page-table">
              <thead>
                <tr>
                  <th scope="col">Cuenta</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">
                    <span className="admin-page-sr">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user.id}>
                    <td data-label="Cuenta">
                      {user.name} ({user.email})
                    </td>
                    <td data-label="Motivo">{user.reason}</td>
                    <td data-label="Fecha">{formatDate(user.blocked_at)}</td>
                    <td>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={busy}
                        onClick={() => unblock(user.id, user.name)}
                        aria-label={`Desbloquear la cuenta de ${user.name}`}
                      >
                        Desbloquear
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
          <div className="admin-page-scroll">
            <table className="admin-page-table">
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Quién</th>
                  <th scope="col">Acción</th>
                  <th scope="col">Sobre</th>
                  <th scope="col">Motivo</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="Fecha">{formatDate(entry.created_at)}</td>
                    <td data-label="Quién">{entry.actor}</td>
                    <td data-label="Acción">{AUDIT_ACTION_LABELS[entry.action]}</td>
                    <td data-label="Sobre">
                      {TARGET_NAMES[entry.target_type]} {entry.target_id}
                      {entry.target_label && `: ${entry.target_label}`}
                    </td>
                    <td data-label="Motivo">{entry.reason || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
        <OrgsSection />
        <HiddenDogsSection />
        <BlockedUsersSection />
        <JobsSection />
        <AuditSection />
      </div>
    </main>
  );
}
