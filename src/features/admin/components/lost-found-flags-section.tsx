// "Denuncias en perdidos y encontrados" in /admin: open complaints about lost and found reports,
// one row per report with who published it and every complaint. "Ocultar" asks why (its reporter
// sees the reason) and closes the complaints; a report hidden here stays in the table until the
// page is left, with "Restaurar" to undo it.
import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { openConfirmModal, preloadOverlays } from '@/components/overlays/overlays';
import type { LostFoundFlagGroup } from '@/shared/lost-found';
import { LOST_FOUND_KIND_LABELS } from '@/shared/lost-found-labels';
import { REPORT_REASON_LABELS, type AnyReportReason } from '@/shared/moderation';
import { useLostFoundFlags } from '../api/get-lost-found-flags';
import { AdminTable, formatDate, Loaded, Section, useAct } from './admin-parts';
import { askReason } from './reason-form';
import classes from './admin-page.module.css';

const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as AnyReportReason] ?? reason;

const complaintCount = (n: number) => (n === 1 ? '1 denuncia' : `${n} denuncias`);

const reportLabel = (report: LostFoundFlagGroup['report']) =>
  `${LOST_FOUND_KIND_LABELS[report.kind]}: ${report.name || 'sin nombre'}, ${report.zone_name}`;

export function LostFoundFlagsSection() {
  const flags = useLostFoundFlags();
  const { run, runNow, busy } = useAct();
  // Reports hidden on this visit: their complaints closed, so the API no longer lists them.
  const [hiddenHere, setHiddenHere] = useState<LostFoundFlagGroup[]>([]);
  const hide = (group: LostFoundFlagGroup) =>
    askReason({
      title: `Ocultar el reporte ${group.report.id}`,
      description:
        'Dejará de verse en /perdidos, en las coincidencias y en su página para todos menos quien lo publicó, que verá este motivo. Sus denuncias se cierran.',
      confirmLabel: 'Ocultar reporte',
      onConfirm: async (reason) => {
        await run(
          { kind: 'hide-lost-found', reportId: group.report.id, reason },
          `El reporte ${group.report.id} quedó oculto.`,
        );
        setHiddenHere((rows) => [
          ...rows.filter((row) => row.report.id !== group.report.id),
          { ...group, report: { ...group.report, hidden: true } },
        ]);
      },
    });
  const restore = (group: LostFoundFlagGroup) =>
    void openConfirmModal({
      modalId: `restaurar-perdido-${group.report.id}`,
      title: `Restaurar el reporte ${group.report.id}`,
      children: <Text>Volverá a verse para todos.</Text>,
      labels: { confirm: 'Restaurar', cancel: 'Cancelar' },
      onConfirm: () =>
        void runNow(
          { kind: 'restore-lost-found', reportId: group.report.id },
          `El reporte ${group.report.id} se ve de nuevo.`,
        ).then((restored) => {
          if (restored)
            setHiddenHere((rows) => rows.filter((row) => row.report.id !== group.report.id));
        }),
    });
  const withHiddenHere = (groups: LostFoundFlagGroup[]) => [
    ...groups.filter((group) => !hiddenHere.some((row) => row.report.id === group.report.id)),
    ...hiddenHere,
  ];
  return (
    <Section id="denuncias-perdidos" title="Denuncias en perdidos y encontrados">
      <Loaded
        query={flags}
        empty="No hay denuncias abiertas sobre perdidos y encontrados."
        isEmpty={(groups) => withHiddenHere(groups).length === 0}
      >
        {(groups) => (
          <AdminTable
            label="Denuncias en perdidos y encontrados"
            rows={withHiddenHere(groups)}
            rowKey={(group) => group.report.id}
            columns={[
              {
                label: 'Reporte',
                cell: ({ report }) => (
                  <>
                    <Anchor href={`/perdidos/${report.id}`}>{reportLabel(report)}</Anchor>{' '}
                    <span className={classes.muted}>(ID {report.id})</span>
                    {report.hidden && <Text size="sm">Reporte oculto</Text>}
                  </>
                ),
              },
              {
                label: 'Publicado por',
                cell: ({ reporter }) => `${reporter.name} (${reporter.email})`,
              },
              {
                label: 'Denuncias',
                cell: (group) => (
                  <>
                    <Text fw={700}>{complaintCount(group.count)}</Text>
                    <ul className={classes.reports}>
                      {group.flags.map((flag) => (
                        <li key={flag.id}>
                          <Text fw={700}>{reasonLabel(flag.reason)}</Text>
                          {flag.details && <Text className={classes.details}>{flag.details}</Text>}
                          <Text size="sm" c="dimmed">
                            {flag.by.name} ({flag.by.email}) · {formatDate(flag.created_at)}
                          </Text>
                        </li>
                      ))}
                    </ul>
                  </>
                ),
              },
              {
                label: 'Acciones',
                labelHidden: true,
                cell: (group) =>
                  group.report.hidden ? (
                    <Button
                      size="xs"
                      variant="light"
                      disabled={busy}
                      onClick={() => restore(group)}
                      aria-label={`Restaurar el reporte ${group.report.id}`}
                    >
                      Restaurar
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      disabled={busy}
                      onClick={() => hide(group)}
                      onMouseEnter={preloadOverlays}
                      aria-label={`Ocultar el reporte ${group.report.id}`}
                    >
                      Ocultar
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
