// Mi cuenta: signing out on every device, this browser included.
import { Button, Text } from '@mantine/core';
import { notify } from '@/components/overlays/overlays';
import { useHydrating } from '@/lib/use-hydrating';
import { useLogoutAll } from '../api/logout-all';
import { AccountSection } from '@/components/account-page';

/** Why this browser's session ended: every session closed, or the account deleted. */
export type SessionEndReason = 'logout-all' | 'deleted';

export function SessionsSection({
  onSessionEnded,
}: {
  onSessionEnded: (reason: SessionEndReason) => void;
}) {
  const logoutAll = useLogoutAll();
  const hydrating = useHydrating();
  return (
    <AccountSection id="sesiones" title="Sesiones">
      <Text size="sm" mb="sm">
        ¿Ingresaste desde un computador prestado o perdiste tu celular? Cierra la sesión en todos
        los dispositivos, también en este.
      </Text>
      <Button
        variant="outline"
        // A long label: on a phone it wraps inside the button instead of spilling out of the card.
        h="auto"
        mih={36}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        disabled={hydrating}
        loading={logoutAll.isPending}
        onClick={() =>
          logoutAll.mutate(undefined, {
            onSuccess: () => {
              notify({
                color: 'teal',
                title: 'Sesiones cerradas',
                message: 'Cerramos tu sesión en todos los dispositivos.',
              });
              onSessionEnded('logout-all');
            },
            onError: (e) =>
              notify({
                color: 'red',
                title: 'No se pudieron cerrar las sesiones',
                message: e.message,
              }),
          })
        }
      >
        Cerrar sesión en todos los dispositivos
      </Button>
    </AccountSection>
  );
}
