// `/seguimiento/$token`: the check-in an adopter opens from the e-mailed link (no login needed).
import { createFileRoute } from '@tanstack/react-router';
import { CheckinScreen } from '@/features/follow-up/components/checkin-screen';

export const Route = createFileRoute('/seguimiento/$token')({
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
    return <CheckinScreen token={Route.useParams().token} />;
  },
});
