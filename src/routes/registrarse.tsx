// `/registrarse`: the registration screen (its code loads with the route).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authStylesheets } from '@/features/session/components/auth-stylesheets';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/registrarse',
  head: () => ({ meta: [{ title: 'Registrarse | Happy Dog' }], links: authStylesheets }),
  component: lazyRouteComponent(
    () => import('@/features/session/components/register-screen'),
    'RegisterScreen',
  ),
});
