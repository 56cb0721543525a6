// /registrarse: creates an account. The form is cleared after every submit; the server's error
// text disappears after 6 s (SPEC.md §4); success goes to /entrar.
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { notify } from '@/components/overlays/overlays';
import { registerSchema, type RegisterInput } from '@/shared/user';
import { useRegister } from '../api/register';
import { AuthLayout, ServerError } from './auth-layout';

export const REGISTER_ERROR_MS = 6000;

const emptyForm: RegisterInput = { name: '', email: '', password: '', passwordValidate: '' };

/**
 * Each field's own rules are checked here and shown on the field; whether the two passwords match
 * is left to the server (SPEC.md §5), whose message then follows the 6 s rule like any other.
 */
const fieldRules = z.object(registerSchema.shape);

export function RegisterScreen() {
  const navigate = useNavigate();
  const register = useRegister();
  // `shownAt` makes a repeated identical message restart its 6 s.
  const [serverError, setServerError] = useState<{ message: string; shownAt: number } | null>(null);
  const form = useForm<RegisterInput>({
    mode: 'controlled',
    initialValues: emptyForm,
    validate: schemaResolver(fieldRules, { sync: true }),
  });

  useEffect(() => {
    if (!serverError) return;
    const timer = window.setTimeout(() => setServerError(null), REGISTER_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, [serverError]);

  const handleSubmit = form.onSubmit((values) => {
    setServerError(null);
    register.mutate(fieldRules.parse(values), {
      onSuccess: () => {
        notify({
          color: 'teal',
          title: '¡Cuenta creada!',
          message: 'Ya puedes ingresar con tu correo y tu contraseña.',
        });
        void navigate({ to: '/entrar' });
      },
      onError: (error) => setServerError({ message: error.message, shownAt: Date.now() }),
      onSettled: () => form.reset(),
    });
  });

  return (
    <AuthLayout
      documentTitle="Registrarse | Happy Dog"
      title="Crea tu cuenta"
      subtitle="Únete a la comunidad Happy Dog para dar perros en adopción y contactar a sus cuidadores."
      links={
        <>
          <Anchor component={Link} to="/entrar" fw={600}>
            ¿Ya tienes cuenta? Ingresá
          </Anchor>
          <Anchor component={Link} to="/">
            Volver al menú principal
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-describedby="register-error">
        <Stack gap="md">
          <TextInput label="Nombre completo" autoComplete="name" required {...form.getInputProps('name')} />
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
            autoComplete="new-password"
            description="Mínimo 8 caracteres"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Repetir contraseña"
            type="password"
            autoComplete="new-password"
            required
            {...form.getInputProps('passwordValidate')}
          />
          <ServerError id="register-error" message={serverError?.message ?? null} />
          <Button type="submit" size="md" loading={register.isPending}>
            REGISTRESE
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
