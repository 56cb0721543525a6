// `/registrarse`: the registration screen (its code loads with the route). `?redirect=/perros/5`
// is passed on to /entrar, so a visitor who had to create an account still lands back there.
import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '@/features/session/components/register-screen';
import { safeRedirect } from '@/lib/safe-redirect';

export const Route = createFileRoute('/registrarse')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = safeRedirect(search.redirect);
    return target ? { redirect: target } : {};
  },
  head: () => ({ meta: [{ title: 'Registrarse | Happy Dog' }] }),
  component: RegisterScreen,
});
