// `/seguimiento/$token`: the check-in an adopter opens from the e-mailed link (no login needed).
import { createFileRoute } from '@tanstack/react-router';
import { CheckinScreen } from '@/features/follow-up/components/checkin-screen';

export const Route = createFileRoute('/seguimiento/$token')({
  // The link is a key: the page is never indexed, and its address is not sent elsewhere.
  head: () => ({
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
