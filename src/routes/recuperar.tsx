// `/recuperar`: asks for a password reset link.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountStylesheets } from '@/features/account/components/account-stylesheets';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/recuperar',
  head: () => ({
    links: accountStylesheets,
    meta: [{ title: 'Recuperar contraseña | Happy Dog' }],
  }),
  component: lazyRouteComponent(
    () => import('@/features/account/components/forgot-password-screen'),
    'ForgotPasswordScreen',
  ),
});
