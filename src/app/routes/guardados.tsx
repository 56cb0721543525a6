// `/guardados`: the dogs the logged-in person saved. An anonymous visitor is sent to /entrar, which
// brings them back here after logging in. The list is loaded before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import { SavedDogsScreen } from '@/app/pages/saved-dogs-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { favoritesQueryOptions } from '@/features/favorites/api/favorites-query';

export const Route = createFileRoute('/guardados')({
  beforeLoad: loginFirst('/guardados'),
  // Not thrown on failure: the screen then offers to retry.
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(favoritesQueryOptions());
  },
  head: privateHead('Guardados'),
  component: SavedDogsScreen,
});
