// `/mis-solicitudes`: the adoption applications the logged-in person sent, each with its
// timeline and what happens next. An anonymous visitor is sent to /entrar, which brings them back
// here after logging in. The list is loaded before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import MyApplicationsScreen from '@/features/adoption/components/my-applications-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { interestsQueryOptions } from '@/features/adoption/api/interest-keys';

export const Route = createFileRoute('/mis-solicitudes')({
  beforeLoad: loginFirst('/mis-solicitudes'),
  // Not thrown on failure: the screen then offers to retry.
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(interestsQueryOptions('sent'));
  },
  head: privateHead('Mis solicitudes'),
  component: MyApplicationsScreen,
});
