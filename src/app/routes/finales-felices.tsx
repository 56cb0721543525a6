// `/finales-felices`: the happy endings, public and shareable, drawn on the server with its data.
import { createFileRoute } from '@tanstack/react-router';
import { HappyEndingsScreen } from '@/features/follow-up/components/happy-endings-screen';

export const Route = createFileRoute('/finales-felices')({
  loader: async ({ context }) => {
    const [{ happyEndingsQueryOptions }, { followUpStylesheets }] = await Promise.all([
      import('@/features/follow-up/api/follow-up'),
      import('@/features/follow-up/route-data'),
    ]);
    await context.queryClient.prefetchQuery(happyEndingsQueryOptions());
    return { links: followUpStylesheets };
  },
  head: ({ loaderData }) => ({
    links: loaderData?.links ?? [],
    meta: [
      { title: 'Finales felices: perros adoptados en Cali | Happy Dog' },
      {
        name: 'description',
        content:
          'Perros que encontraron hogar en Happy Dog, tal como están hoy: fotos que envían sus familias en el seguimiento de la adopción.',
      },
    ],
  }),
  component: HappyEndingsScreen,
});
