// `/seguimiento/$token`: the check-in an adopter opens from the e-mailed link (no login needed).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

const CheckinScreen = lazyRouteComponent(
  () => import('@/features/follow-up/components/checkin-screen'),
  'CheckinScreen',
);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/seguimiento/$token',
  // The page's stylesheet comes with a chunk of its own, not with every page's first code.
  loader: () =>
    import('@/features/follow-up/route-data').then((data) => ({
      links: data.followUpStylesheets,
    })),
  // The link is a key: the page is never indexed, and its address is not sent elsewhere.
  head: ({ loaderData }) => ({
    links: loaderData?.links ?? [],
    meta: [
      { title: 'Seguimiento de adopción | Happy Dog' },
      { name: 'robots', content: 'noindex' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: function CheckinRoute() {
    return <CheckinScreen token={route.useParams().token} />;
  },
});
