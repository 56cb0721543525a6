// `/recuperar/$token`: the page of an e-mailed reset link, which asks for the new password. It
// is never indexed, and its address (the token) is never sent to other sites as a Referer.
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/account/components/reset-password-screen';

export const Route = createFileRoute('/recuperar/$token')({
  head: () => ({
    meta: [
      { title: 'Nueva contraseña | Happy Dog' },
      { name: 'robots', content: 'noindex' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: function ResetPasswordRoute() {
    const { token } = Route.useParams();
    return <ResetPasswordScreen token={token} />;
  },
});
