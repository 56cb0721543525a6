// `/alertas/cancelar/$token`: the page of an alert e-mail's unsubscribe link (no login). It asks
// before stopping anything (a link opened by a mail scanner stops nothing), then says what was
// stopped and offers to create it again. Never indexed; its address is never sent as a Referer.
import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeScreen } from '@/features/alerts/components/unsubscribe-screen';

export const Route = createFileRoute('/alertas/cancelar/$token')({
  head: () => ({
    meta: [
      { title: 'Cancelar alertas | Happy Dog' },
      { name: 'robots', content: 'noindex' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: function UnsubscribeRoute() {
    const { token } = Route.useParams();
    return <UnsubscribeScreen token={token} />;
  },
});
