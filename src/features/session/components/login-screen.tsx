// /entrar: e-mail and password; on success the user goes to the landing page (which then resumes
// a pending 'Contacto info'); on failure the server's message is shown as text.
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { loginSchema, type LoginInput } from '@/shared/user';
import { useLogin } from '../api/login';
import { AuthLayout, ServerError } from './auth-layout';

export function LoginScreen() {
  const navigate = useNavigate();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    setServerError(null);
    login.mutate(loginSchema.parse(values), {
      onSuccess: () => void navigate({ to: '/' }),
      onError: (error) => setServerError(error.message),
    });
  });

  return (
    <AuthLayout
      documentTitle="Ingresar | Happy Dog"
      title="¡Bienvenido de vuelta!"
      subtitle="Ingresa para dar perros en adopción y ver los datos de contacto de quienes los publican."
      links={
        <>
          <Anchor component={Link} to="/registrarse" fw={600}>
            ¿No tienes cuenta? Crea una cuenta
          </Anchor>
          <Anchor component={Link} to="/">
            Volver al menú principal
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-describedby="login-error">
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Contraseña"
            type="password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <ServerError id="login-error" message={serverError} />
          <Button type="submit" size="md" loading={login.isPending}>
            Ingresar
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
