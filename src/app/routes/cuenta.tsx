// `/cuenta`: the logged-in person's account page. An anonymous visitor is sent to /entrar, which
// brings them back here after logging in. The account's data is loaded before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import { AccountRouteScreen } from '@/app/pages/account/account-route-screen';
import { accountQueryOptions } from '@/lib/auth/get-account';
import { loginFirst, privateHead } from '@/lib/auth/private-page';

export const Route = createFileRoute('/cuenta')({
  beforeLoad: loginFirst('/cuenta'),
  // Not thrown on failure: the screen then says so and offers to retry.
  loader: ({ context }) => context.queryClient.prefetchQuery(accountQueryOptions()),
  head: privateHead('Mi cuenta'),
  component: AccountRouteScreen,
});
