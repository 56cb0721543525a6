// /recuperar: asks for the e-mail of a forgotten password. The answer is the same whether or not
// the e-mail has an account, so the page never tells who is registered.
import '@mantine/core/styles/Input.css';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { passwordResetRequestSchema, type PasswordResetRequestInput } from '@/shared/account';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { DoneMessage, FormShell } from '@/components/form-parts';
import { AccountPage, AccountSection } from '@/components/account-page';

export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestInput>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(passwordResetRequestSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setError(null);
    setAnswer(null);
    request.mutate(passwordResetRequestSchema.parse(values), {
      onSuccess: (message) => setAnswer(message),
      onError: (e) => setError(e.message),
    });
  });

  return (
    <AccountPage
      title="¿Olvidaste tu contraseña?"
      intro="Escribe el correo con el que te registraste y te enviaremos un enlace para crear una nueva."
    >
      <AccountSection id="recuperar" title="Pide un enlace">
        {answer ? (
          <Stack gap="md" align="flex-start">
            <DoneMessage>{answer}</DoneMessage>
            <Group>
              <Anchor component={Link} to="/entrar">
                Volver a ingresar
              </Anchor>
              <Anchor
                component="button"
                type="button"
                onClick={() => {
                  setAnswer(null);
                  form.reset();
                }}
              >
                Usar otro correo
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <FormShell
            onSubmit={handleSubmit}
            errorId="recuperar-error"
            error={error}
            footer={
              <Group>
                <Button type="submit" loading={request.isPending}>
                  Enviar enlace
                </Button>
              </Group>
            }
          >
            <TextInput
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
          </FormShell>
        )}
      </AccountSection>
      <Text mt="lg">
        ¿Te acordaste?{' '}
        <Anchor component={Link} to="/entrar">
          Ingresa aquí
        </Anchor>
        .
      </Text>
    </AccountPage>
  );
}
