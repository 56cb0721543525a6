// /admin "Reportes abiertos": the reports grouped by listing, each with hide the listing, block its
// owner (both with a reason) and dismiss one report.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { preloadOverlays } from '@/components/overlays/overlays';
import { REPORT_REASON_LABELS, type ReportGroup } from '@/shared/moderation';
import { useReports } from '../api/get-reports';
import { formatDate, Loaded, Section, useAct } from './admin-parts';
import { askReason } from './reason-form';
import classes from './admin-page.module.css';

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
    <article className={classes.card} aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={3} id={headingId} className={classes.cardTitle}>
            {dog.name}{' '}
            <span className={classes.muted}>
              ({dog.city}, ID {dog.id})
            </span>
          </Title>
          <Text size="sm">
            Publicado por {owner.name} ({owner.email}){owner.blocked && ' · cuenta bloqueada'}
            {dog.hidden && ' · publicación oculta'}
          </Text>
        </div>
        <span className={classes.count}>{reportCount(group.count)}</span>
      </Group>
      <ul className={classes.reports}>
        {group.reports.map((report) => (
          <li key={report.id}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div>
                <Text fw={700}>{REPORT_REASON_LABELS[report.reason]}</Text>
                {report.details && <Text className={classes.details}>{report.details}</Text>}
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

export function ReportsSection() {
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
