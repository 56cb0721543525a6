// `/cuenta`: the logged-in person's account page. An anonymous visitor is sent to /entrar, which
// brings them back here after logging in. The account's data is loaded before the page is drawn.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountQueryOptions } from '@/lib/auth/get-account';
import { accountStylesheets } from '@/features/account/components/account-stylesheets';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cuenta',
  beforeLoad: loginFirst('/cuenta'),
  // Not thrown on failure: the screen then says so and offers to retry.
  loader: ({ context }) => context.queryClient.prefetchQuery(accountQueryOptions()),
  head: privateHead('Mi cuenta', accountStylesheets),
  component: lazyRouteComponent(
    () => import('@/app/pages/account/account-route-screen'),
    'AccountRouteScreen',
  ),
});
