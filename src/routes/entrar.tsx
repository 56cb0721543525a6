// `/entrar`: the login screen (its code loads with the route); logged-in visitors go to `/`, or
// back to the page that sent them here (`?redirect=/cuenta`).
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isLoggedIn } from '@/lib/auth/get-me';
import { authStylesheets } from '@/features/session/components/auth-stylesheets';
import { safeRedirect } from '@/lib/safe-redirect';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/entrar',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = safeRedirect(search.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: async ({ context, search }) => {
    if (await isLoggedIn(context.queryClient)) {
      throw redirect({ to: search.redirect ?? '/', replace: true });
    }
  },
  head: () => ({ meta: [{ title: 'Ingresar | Happy Dog' }], links: authStylesheets }),
  component: lazyRouteComponent(
    () => import('@/features/session/components/login-screen'),
    'LoginScreen',
  ),
});
