// `/recuperar`: asks for a password reset link.
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '@/features/account/components/forgot-password-screen';

export const Route = createFileRoute('/recuperar/')({
  head: () => ({
    meta: [{ title: 'Recuperar contraseña | Happy Dog' }],
  }),
  component: ForgotPasswordScreen,
});
