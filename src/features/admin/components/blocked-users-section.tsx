// /admin "Cuentas bloqueadas": the accounts moderation blocked, and unblocking one.
import { Button, Text } from '@mantine/core';
import { openConfirmModal } from '@/components/overlays/overlays';
import { useBlockedUsers } from '../api/get-blocked-users';
import { AdminTable, formatDate, Loaded, Section, useAct } from './admin-parts';

export function BlockedUsersSection() {
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
