// /recuperar/$token: sets a new password with the link that arrived by e-mail. The link works
// once and for 30 minutes; every session of the account ends when it is used. A used or expired
// link says so as the page opens, before anyone types a password.
import '@mantine/core/styles/Input.css';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { RESET_LINK_INVALID, resetTokenSchema } from '@/shared/account';
import { newPasswordSchema, PASSWORDS_DIFFER, passwordValidateSchema } from '@/shared/user';
import { useConfirmPasswordReset, useResetLinkDead } from '../api/confirm-password-reset';
import { DoneMessage, FormError, FormShell, NewPasswordFields } from '@/components/form-parts';
import { AccountPage, AccountSection } from '@/components/account-page';

/** The same rules as the API's, without the token (which comes from the link). */
const newPasswordForm = z
  .object({ password: newPasswordSchema, passwordValidate: passwordValidateSchema })
  .refine((v) => v.password === v.passwordValidate, {
    error: PASSWORDS_DIFFER,
    path: ['passwordValidate'],
  });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

export function ResetPasswordScreen({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const wellFormed = resetTokenSchema.safeParse(token).success;
  const dead = useResetLinkDead(token, wellFormed && !done);
  const form = useForm<NewPasswordForm>({
    mode: 'controlled',
    initialValues: { password: '', passwordValidate: '' },
    validate: schemaResolver(newPasswordForm, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    confirm.mutate(
      { token, ...values },
      {
        onSuccess: () => setDone(true),
        onError: (e) => {
          form.reset();
          setError(e.message);
        },
      },
    );
  });

  return (
    <AccountPage
      title="Crea una nueva contraseña"
      intro="Al guardarla se cerrará la sesión en todos tus dispositivos; luego ingresa con la nueva."
    >
      <AccountSection id="nueva" title="Elige tu nueva contraseña">
        {done ? (
          <Stack gap="md" align="flex-start">
            <DoneMessage>Listo: tu contraseña cambió. Ya puedes ingresar con ella.</DoneMessage>
            <Anchor component={Link} to="/entrar" fw={600}>
              Ingresar
            </Anchor>
          </Stack>
        ) : !wellFormed || dead ? (
          <Stack gap="md" align="flex-start">
            <FormError id="nueva-error" message={RESET_LINK_INVALID} />
            <Anchor component={Link} to="/recuperar">
              Pedir un enlace nuevo
            </Anchor>
          </Stack>
        ) : (
          <FormShell
            onSubmit={handleSubmit}
            errorId="nueva-error"
            error={error}
            footer={
              <>
                {error === RESET_LINK_INVALID && (
                  <Anchor component={Link} to="/recuperar">
                    Pedir un enlace nuevo
                  </Anchor>
                )}
                <Group>
                  <Button type="submit" loading={confirm.isPending}>
                    Guardar contraseña
                  </Button>
                </Group>
              </>
            }
          >
            <NewPasswordFields label="Nueva contraseña" inputProps={form.getInputProps} />
          </FormShell>
        )}
      </AccountSection>
      <Text mt="lg" size="sm">
        ¿El enlace venció?{' '}
        <Anchor component={Link} to="/recuperar">
          Pide otro
        </Anchor>
        .
      </Text>
    </AccountPage>
  );
}
