// `/guardados`: the dogs the logged-in person saved. An anonymous visitor is sent to /entrar, which
// brings them back here after logging in. The list is loaded before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import { SavedDogsScreen } from '@/app/pages/saved-dogs-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';

export const Route = createFileRoute('/guardados')({
  beforeLoad: loginFirst('/guardados'),
  // Not thrown on failure: the screen then offers to retry. The query's module loads with the
  // page, not with every page's first code.
  loader: async ({ context }) => {
    const { favoritesQueryOptions } = await import('@/features/favorites/api/favorites-query');
    await context.queryClient.prefetchQuery(favoritesQueryOptions());
  },
  head: privateHead('Guardados'),
  component: SavedDogsScreen,
});
