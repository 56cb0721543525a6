// `/mis-perros` ("Mis publicaciones"): the logged-in person's own dogs, their requests and the
// requests they sent. An anonymous visitor is sent to /entrar, which brings them back here after
// logging in. The lists are loaded (in the chunk of the page's data) before the page is drawn.
import { createFileRoute } from '@tanstack/react-router';
import MyDogsScreen from '@/app/pages/my-dogs-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { interestsQueryOptions, myDogsQueryOptions } from '@/features/adoption/api/interest-keys';

export const Route = createFileRoute('/mis-perros')({
  beforeLoad: loginFirst('/mis-perros'),
  // Not thrown on failure: the screen then offers to retry.
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.prefetchQuery(myDogsQueryOptions()),
      context.queryClient.prefetchQuery(interestsQueryOptions('received')),
      context.queryClient.prefetchQuery(interestsQueryOptions('sent')),
    ]);
  },
  head: privateHead('Mis publicaciones'),
  component: MyDogsScreen,
});
