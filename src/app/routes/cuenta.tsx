// `/cuenta`: the logged-in person's account page. An anonymous visitor is sent to /entrar, which
// brings them back here after logging in. The account's data is loaded before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import { AccountRouteScreen } from '@/features/account/components/account-route-screen';
import { accountQueryOptions } from '@/features/account/api/get-account';
import { loginFirst, privateHead } from '@/lib/private-page';

export const Route = createFileRoute('/cuenta')({
  beforeLoad: loginFirst('/cuenta'),
  // Not thrown on failure: the screen then says so and offers to retry.
  loader: ({ context }) => context.queryClient.prefetchQuery(accountQueryOptions()),
  head: privateHead('Mi cuenta'),
  component: AccountRouteScreen,
});
