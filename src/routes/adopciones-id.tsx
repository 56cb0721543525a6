// `/adopciones/$id`: an adoption (the acta, its follow-up, the sterilization) for its rescuer,
// its adopter or an admin. An anonymous visitor is sent to /entrar and brought back.
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

const AdoptionScreen = lazyRouteComponent(
  () => import('@/features/follow-up/components/adoption-screen'),
  'AdoptionScreen',
);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/adopciones/$id',
  beforeLoad: ({ context, params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.id)) throw notFound();
    return loginFirst(`/adopciones/${params.id}`)({ context });
  },
  loader: async ({ context, params }) => {
    const [{ adoptionQueryOptions }, { followUpStylesheets }] = await Promise.all([
      import('@/features/follow-up/api/follow-up'),
      import('@/features/follow-up/route-data'),
    ]);
    // Not thrown on failure: the screen then says so and offers to retry.
    await context.queryClient.prefetchQuery(adoptionQueryOptions(Number(params.id)));
    return { links: followUpStylesheets };
  },
  head: privateHead('Adopción'),
  component: function AdoptionRoute() {
    return <AdoptionScreen id={Number(route.useParams().id)} />;
  },
});
