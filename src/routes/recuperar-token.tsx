// `/recuperar/$token`: the page of an e-mailed reset link, which asks for the new password. It
// is never indexed, and its address (the token) is never sent to other sites as a Referer.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountStylesheets } from '@/features/account/components/account-stylesheets';
import { rootRoute } from './__root';

const ResetPasswordScreen = lazyRouteComponent(
  () => import('@/features/account/components/reset-password-screen'),
  'ResetPasswordScreen',
);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/recuperar/$token',
  head: () => ({
    links: accountStylesheets,
    meta: [
      { title: 'Nueva contraseña | Happy Dog' },
      { name: 'robots', content: 'noindex' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: function ResetPasswordRoute() {
    const { token } = route.useParams();
    return <ResetPasswordScreen token={token} />;
  },
});
