// `/mis-solicitudes`: the adoption applications the logged-in person sent, each with its
// timeline and what happens next. An anonymous visitor is sent to /entrar, which brings them back
// here after logging in. The list is loaded before the page is drawn.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mis-solicitudes',
  beforeLoad: loginFirst('/mis-solicitudes'),
  // The list and the page's stylesheet come in the chunk of the page's data, not with every page's
  // first code.
  loader: ({ context }) =>
    import('@/features/adoption/route-data').then((data) =>
      data.loadMyApplications(context.queryClient),
    ),
  head: privateHead('Mis solicitudes'),
  component: lazyRouteComponent(
    () => import('@/features/adoption/components/my-applications-screen'),
  ),
});
