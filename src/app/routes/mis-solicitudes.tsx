// `/mis-solicitudes`: the adoption applications the logged-in person sent, each with its
// timeline and what happens next. An anonymous visitor is sent to /entrar, which brings them back
// here after logging in. The list is loaded before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import MyApplicationsScreen from '@/features/adoption/components/my-applications-screen';
import { loginFirst, privateHead } from '@/lib/private-page';

export const Route = createFileRoute('/mis-solicitudes')({
  beforeLoad: loginFirst('/mis-solicitudes'),
  // The list and the page's stylesheet come in the chunk of the page's data, not with every page's
  // first code.
  loader: ({ context }) =>
    import('@/features/adoption/route-data').then((data) =>
      data.loadMyApplications(context.queryClient),
    ),
  head: privateHead('Mis solicitudes'),
  component: MyApplicationsScreen,
});
