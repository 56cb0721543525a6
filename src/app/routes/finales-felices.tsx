// `/finales-felices`: the happy endings, public and shareable, drawn on the server with its data.
import { createFileRoute } from '@tanstack/react-router';
import { HappyEndingsScreen } from '@/features/follow-up/components/happy-endings-screen';
import { happyEndingsQueryOptions } from '@/features/follow-up/api/follow-up';

export const Route = createFileRoute('/finales-felices')({
  // A public page: listed in the sitemap.
  staticData: { sitemap: true },
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(happyEndingsQueryOptions());
  },
  head: () => ({
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
