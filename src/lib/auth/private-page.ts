// What every page for logged-in people shares (Mi cuenta, Guardados, Mis publicaciones): an
// anonymous visitor is sent to /entrar, which brings them back after logging in; the page is not
// indexed. One definition, because route files are in every page's first code.
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isLoggedIn } from '@/lib/auth/get-me';

/** The route's beforeLoad. */
export const loginFirst =
  (path: string) =>
  async ({ context }: { context: { queryClient: QueryClient } }) => {
    if (!(await isLoggedIn(context.queryClient))) {
      throw redirect({ to: '/entrar', search: { redirect: path }, replace: true });
    }
  };

/** The route's head: its title, and noindex. */
export const privateHead = (title: string) => () => ({
  meta: [{ title: `${title} | Happy Dog` }, { name: 'robots', content: 'noindex' }],
});
