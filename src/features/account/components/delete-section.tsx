// Mi cuenta: deleting the account, with the password and a confirmation.
import '@mantine/core/styles/Input.css';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { notify, openConfirmModal, preloadOverlays } from '@/components/overlays/overlays';
import { deleteAccountSchema } from '@/shared/account';
import { useDeleteAccount } from '../api/delete-account';
import { FormShell } from '@/components/form-parts';
import { AccountSection } from '@/components/account-page';
import type { SessionEndReason } from './sessions-section';

export function DeleteSection({
  onSessionEnded,
}: {
  onSessionEnded: (reason: SessionEndReason) => void;
}) {
  const remove = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string }>({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: schemaResolver(deleteAccountSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(({ password }) => {
    setError(null);
    void openConfirmModal({
      modalId: 'delete-account',
      title: '¿Eliminar tu cuenta?',
      children: (
        <Text size="sm">
          Borraremos tu cuenta, tus perros publicados con sus fotos, tus solicitudes, tus favoritos
          y tus sesiones. No se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Sí, eliminar mi cuenta', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { password },
          {
            onSuccess: () => {
              notify({
                color: 'teal',
                title: 'Cuenta eliminada',
                message:
                  'Eliminamos tu cuenta y tus datos. Puedes volver a registrarte cuando quieras.',
              });
              onSessionEnded('deleted');
            },
            onError: (e) => {
              form.reset();
              setError(e.message);
            },
          },
        ),
    });
  });

  return (
    <AccountSection id="eliminar" title="Eliminar mi cuenta" danger>
      <Text size="sm" mb="sm">
        Se borran tu cuenta y todo lo tuyo: perros publicados, fotos, solicitudes, favoritos y
        sesiones. Luego puedes registrarte de nuevo con el mismo correo.
      </Text>
      <FormShell
        onSubmit={handleSubmit}
        errorId="eliminar-error"
        error={error}
        footer={
          <Group>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              onMouseEnter={preloadOverlays}
              onFocus={preloadOverlays}
            >
              Eliminar mi cuenta
            </Button>
          </Group>
        }
      >
        <TextInput
          label="Tu contraseña"
          type="password"
          autoComplete="current-password"
          description="La pedimos para confirmar que eres tú."
          required
          {...form.getInputProps('password')}
        />
      </FormShell>
    </AccountSection>
  );
}
