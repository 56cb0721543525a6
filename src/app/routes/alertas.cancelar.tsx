// `/alertas/cancelar#<token>`: the page of an alert e-mail's unsubscribe link (no login). It asks
// before stopping anything (a link opened by a mail scanner stops nothing), then says what was
// stopped and offers to create it again. The token rides in the fragment, which browsers never
// send: not to this server (nor its logs), not in a Referer, not to a search engine. So the page
// itself holds nothing private, and the same for everyone. Links of the older shape
// (`/alertas/cancelar/<token>`) are redirected here by the server (alerts/routes.ts).
import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeScreen } from '@/features/alerts/components/unsubscribe-screen';

export const Route = createFileRoute('/alertas/cancelar')({
  head: () => ({
    meta: [
      { title: 'Cancelar alertas | Happy Dog' },
      {
        name: 'description',
        content:
          'Deja de recibir los correos de tus alertas de Happy Dog con el enlace del correo, sin iniciar sesión.',
      },
    ],
  }),
  component: UnsubscribeScreen,
});
