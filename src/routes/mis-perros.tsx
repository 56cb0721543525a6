// `/mis-perros` ("Mis publicaciones"): the logged-in person's own dogs, their requests and the
// requests they sent. An anonymous visitor is sent to /entrar, which brings them back here after
// logging in. The lists are loaded (in the chunk of the page's data) before the page is drawn.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mis-perros',
  beforeLoad: loginFirst('/mis-perros'),
  loader: ({ context }) =>
    import('@/features/adoption/route-data').then((data) => data.loadMyDogs(context.queryClient)),
  head: privateHead('Mis publicaciones'),
  component: lazyRouteComponent(() => import('@/app/pages/my-dogs-screen')),
});
