// /admin "Registro de auditoría": every admin action, who, what, when and why.
import { Text } from '@mantine/core';
import { AUDIT_ACTION_LABELS } from '@/shared/moderation';
import { useAudit } from '../api/get-audit';
import { AdminTable, formatDate, Loaded, Section } from './admin-parts';

const TARGET_NAMES = {
  dog: 'Publicación',
  user: 'Cuenta',
  report: 'Reporte',
  lost_found: 'Perdido o encontrado',
  org: 'Organización',
} as const;

export function AuditSection() {
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
