// /registrarse: creates an account. The form is cleared after every submit; the server's error
// text disappears after 6 s; success goes to /entrar, with the e-mail to prefill (in the history
// entry's state, never in the address) and the page to return to after logging in. Accepting the personal data policy is
// required (Ley 1581 de 2012).
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Anchor, Button, Checkbox, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { notify } from '@/components/overlays/overlays';
import { safeRedirect } from '@/lib/safe-redirect';
import { PRIVACY_POLICY_PATH } from '@/shared/privacy';
import { registerSchema, type RegisterInput } from '@/shared/user';
import { useRegister } from '../api/register';
import { FormShell, NewPasswordFields } from '@/components/form-parts';
import { AuthLayout } from './auth-layout';

export const REGISTER_ERROR_MS = 6000;

/** The form's values: the consent box starts unticked, and the schema requires it ticked. */
type RegisterForm = Omit<RegisterInput, 'consent'> & { consent: boolean };

const emptyForm: RegisterForm = {
  name: '',
  email: '',
  password: '',
  passwordValidate: '',
  consent: false,
};

/**
 * Each field's own rules are checked here and shown on the field; whether the two passwords match
 * is left to the server, whose message then follows the 6 s rule like any other.
 */
const fieldRules = z.object(registerSchema.shape);

export function RegisterScreen() {
  const navigate = useNavigate();
  const register = useRegister();
  const returnTo = safeRedirect(useSearch({ strict: false }).redirect);
  const search: { redirect?: string } = returnTo ? { redirect: returnTo } : {};
  // `shownAt` makes a repeated identical message restart its 6 s.
  const [serverError, setServerError] = useState<{ message: string; shownAt: number } | null>(null);
  const form = useForm<RegisterForm>({
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
        void navigate({
          to: '/entrar',
          search,
          state: (previous) => ({ ...previous, registeredEmail: values.email.trim() }),
        });
      },
      onError: (error) => setServerError({ message: error.message, shownAt: Date.now() }),
      onSettled: () => form.reset(),
    });
  });

  return (
    <AuthLayout
      title="Crea tu cuenta"
      subtitle="Únete a la comunidad Happy Dog para dar perros en adopción y contactar a sus cuidadores."
      links={
        <>
          <Anchor fw={600} renderRoot={(props) => <Link to="/entrar" search={search} {...props} />}>
            ¿Ya tienes cuenta? Ingresa
          </Anchor>
          <Anchor component={Link} to="/">
            Volver al menú principal
          </Anchor>
        </>
      }
    >
      <FormShell
        onSubmit={handleSubmit}
        errorId="register-error"
        error={serverError?.message ?? null}
        footer={
          <Button type="submit" size="md" loading={register.isPending}>
            REGISTRESE
          </Button>
        }
      >
        <TextInput
          label="Nombre completo"
          autoComplete="name"
          required
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <NewPasswordFields label="Contraseña" inputProps={form.getInputProps} />
        <Checkbox
          required
          // 24 × 24 px: a pointer target of its own (WCAG 2.5.8).
          size="md"
          label={
            <>
              Acepto la{' '}
              {/* A new tab, so what was typed here is not lost while reading the policy. */}
              <Anchor href={PRIVACY_POLICY_PATH} target="_blank" rel="noopener" inherit>
                política de tratamiento de datos personales
              </Anchor>
            </>
          }
          {...form.getInputProps('consent', { type: 'checkbox' })}
          // Mantine's Checkbox shows its error without marking the input invalid.
          aria-invalid={form.errors.consent ? true : undefined}
        />
      </FormShell>
    </AuthLayout>
  );
}
