// `/adoptar-seguro`: adopting never requires paying before meeting the dog, no shipping, the
// signs of a scam and how to report it.
import { createFileRoute } from '@tanstack/react-router';
import { SafeAdoptionScreen } from '@/features/orgs/components/safe-adoption-screen';

export const Route = createFileRoute('/adoptar-seguro')({
  // A public page: listed in the sitemap.
  staticData: { sitemap: true },
  head: () => ({
    meta: [
      { title: 'Adoptar seguro: nunca pagues antes de conocer al perro | Happy Dog' },
      {
        name: 'description',
        content:
          'Adoptar en Happy Dog es gratis: nunca pagas antes de conocer al perro y no hay envíos. Aprende a reconocer una estafa y a reportarla.',
      },
    ],
  }),
  component: SafeAdoptionScreen,
});
