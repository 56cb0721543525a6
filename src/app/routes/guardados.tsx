// `/guardados`: the dogs the logged-in person saved. An anonymous visitor is sent to /entrar, which
// brings them back here after logging in. The list is loaded before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import { SavedDogsScreen } from '@/features/favorites/components/saved-dogs-screen';
import { loginFirst, privateHead } from '@/lib/private-page';

export const Route = createFileRoute('/guardados')({
  beforeLoad: loginFirst('/guardados'),
  loader: ({ context }) =>
    import('@/features/favorites/route-data').then((data) =>
      data.loadSavedDogs(context.queryClient),
    ),
  head: privateHead('Guardados'),
  component: SavedDogsScreen,
});
