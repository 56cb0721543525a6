// `/recuperar`: asks for a password reset link.
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '@/features/account/components/forgot-password-screen';
import { accountStylesheets } from '@/features/account/components/account-stylesheets';

export const Route = createFileRoute('/recuperar/')({
  head: () => ({
    links: accountStylesheets,
    meta: [{ title: 'Recuperar contraseña | Happy Dog' }],
  }),
  component: ForgotPasswordScreen,
});
