// `/entrar`: the login screen (its code loads with the route); logged-in visitors go to `/`, or
// back to the page that sent them here (`?redirect=/cuenta`).
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '@/features/session/components/login-screen';
import { isLoggedIn } from '@/lib/auth/get-me';
import { safeRedirect } from '@/lib/safe-redirect';

export const Route = createFileRoute('/entrar')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = safeRedirect(search.redirect);
    return target ? { redirect: target } : {};
  },
  beforeLoad: async ({ context, search }) => {
    if (await isLoggedIn(context.queryClient)) {
      throw redirect({ to: search.redirect ?? '/', replace: true });
    }
  },
  head: () => ({ meta: [{ title: 'Ingresar | Happy Dog' }] }),
  component: LoginScreen,
});
