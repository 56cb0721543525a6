// `/alertas/cancelar/$token`: the page of an alert e-mail's unsubscribe link (no login). It asks
// before stopping anything (a link opened by a mail scanner stops nothing), then says what was
// stopped and offers to create it again. Never indexed; its address is never sent as a Referer.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountStylesheets } from '@/features/account/components/account-stylesheets';
import { rootRoute } from './__root';

const UnsubscribeScreen = lazyRouteComponent(
  () => import('@/features/alerts/components/unsubscribe-screen'),
  'UnsubscribeScreen',
);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/alertas/cancelar/$token',
  head: () => ({
    links: accountStylesheets,
    meta: [
      { title: 'Cancelar alertas | Happy Dog' },
      { name: 'robots', content: 'noindex' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: function UnsubscribeRoute() {
    const { token } = route.useParams();
    return <UnsubscribeScreen token={token} />;
  },
});
