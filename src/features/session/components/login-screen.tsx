// /entrar: e-mail and password; on success the user goes to the landing page (which then resumes
// a pending 'Contacto info'), or back to the page that asked for a login; on failure the
// server's message is shown as text. Right after registering, the new e-mail is already filled
// in; the way to /registrarse keeps the page to return to.
import { Anchor, Button, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { safeRedirect } from '@/lib/safe-redirect';
import { loginSchema, type LoginInput } from '@/shared/user';
import { useLogin } from '../api/login';
import { FormShell } from '@/components/form-parts';
import { AuthLayout } from './auth-layout';

export function LoginScreen() {
  const navigate = useNavigate();
  const login = useLogin();
  // A page that needs a session sent the visitor here with `?redirect=<its path>`.
  const returnTo = safeRedirect(useSearch({ strict: false }).redirect);
  const registeredEmail = useRouterState({
    select: (state) => state.location.state.registeredEmail,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  // After hydration, so the server's HTML (which cannot know it) and the first render agree.
  const { setFieldValue } = form;
  useEffect(() => {
    if (registeredEmail) setFieldValue('email', registeredEmail);
  }, [registeredEmail, setFieldValue]);

  const handleSubmit = form.onSubmit((values) => {
    setServerError(null);
    login.mutate(loginSchema.parse(values), {
      onSuccess: () => void navigate({ to: returnTo ?? '/' }),
      onError: (error) => setServerError(error.message),
    });
  });

  return (
    <AuthLayout
      title="¡Bienvenido de vuelta!"
      subtitle="Ingresa para dar perros en adopción y ver los datos de contacto de quienes los publican."
      links={
        <>
          <Anchor
            fw={600}
            renderRoot={(props) => (
              <Link to="/registrarse" search={returnTo ? { redirect: returnTo } : {}} {...props} />
            )}
          >
            ¿No tienes cuenta? Crea una cuenta
          </Anchor>
          <Anchor component={Link} to="/">
            Volver al menú principal
          </Anchor>
        </>
      }
    >
      <FormShell
        onSubmit={handleSubmit}
        errorId="login-error"
        error={serverError}
        footer={
          <Button type="submit" size="md" loading={login.isPending}>
            Ingresar
          </Button>
        }
      >
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
        {/* At least 24 px tall: a pointer target of its own (WCAG 2.5.8). */}
        <Anchor
          component={Link}
          to="/recuperar"
          size="sm"
          style={{
            alignSelf: 'flex-start',
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 24,
          }}
        >
          ¿Olvidaste tu contraseña?
        </Anchor>
      </FormShell>
    </AuthLayout>
  );
}
