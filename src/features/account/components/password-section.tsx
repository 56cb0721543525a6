// Mi cuenta: changing the password (the current one, then the new one twice).
import '@mantine/core/styles/Input.css';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { notify } from '@/components/overlays/overlays';
import { changePasswordSchema, type ChangePasswordInput } from '@/shared/account';
import { useChangePassword } from '../api/change-password';
import { FormShell, NewPasswordFields } from '@/components/form-parts';
import { AccountSection } from '@/components/account-page';

const emptyPassword: ChangePasswordInput = { current: '', password: '', passwordValidate: '' };

export function PasswordSection() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    mode: 'controlled',
    initialValues: emptyPassword,
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    change.mutate(changePasswordSchema.parse(values), {
      onSuccess: () => {
        form.reset();
        notify({
          color: 'teal',
          title: 'Contraseña cambiada',
          message: 'Cerramos la sesión en tus otros dispositivos. Te enviamos un correo de aviso.',
        });
      },
      onError: (e) => setError(e.message),
    });
  });

  return (
    <AccountSection id="contrasena" title="Cambiar contraseña">
      <Text size="sm" mb="sm">
        Al cambiarla se cierra la sesión en tus otros dispositivos; en este sigues conectado.
      </Text>
      <FormShell
        onSubmit={handleSubmit}
        errorId="contrasena-error"
        error={error}
        footer={
          <Group>
            <Button type="submit" loading={change.isPending}>
              Cambiar contraseña
            </Button>
          </Group>
        }
      >
        <TextInput
          label="Contraseña actual"
          type="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('current')}
        />
        <NewPasswordFields label="Nueva contraseña" inputProps={form.getInputProps} />
      </FormShell>
    </AccountSection>
  );
}
