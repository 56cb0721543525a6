// `/guardados`: the dogs the logged-in person saved. An anonymous visitor is sent to /entrar, which
// brings them back here after logging in. The list is loaded before the page is drawn.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/guardados',
  beforeLoad: loginFirst('/guardados'),
  loader: ({ context }) =>
    import('@/features/favorites/route-data').then((data) =>
      data.loadSavedDogs(context.queryClient),
    ),
  head: privateHead('Guardados'),
  component: lazyRouteComponent(() => import('@/app/pages/saved-dogs-screen'), 'SavedDogsScreen'),
});
