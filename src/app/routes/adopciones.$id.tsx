// `/adopciones/$id`: an adoption (the acta, its follow-up, the sterilization) for its rescuer,
// its adopter or an admin. An anonymous visitor is sent to /entrar and brought back.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { AdoptionScreen } from '@/features/follow-up/components/adoption-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { adoptionQueryOptions } from '@/features/follow-up/api/follow-up';

export const Route = createFileRoute('/adopciones/$id')({
  beforeLoad: ({ context, params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.id)) throw notFound();
    return loginFirst(`/adopciones/${params.id}`)({ context });
  },
  loader: async ({ context, params }) => {
    // Not thrown on failure: the screen then says so and offers to retry.
    await context.queryClient.prefetchQuery(adoptionQueryOptions(Number(params.id)));
  },
  head: privateHead('Adopción'),
  component: function AdoptionRoute() {
    return <AdoptionScreen id={Number(Route.useParams().id)} />;
  },
});
