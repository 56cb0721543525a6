// `/privacidad`: the personal data policy a person accepts when registering.
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyScreen } from '@/features/account/components/privacy-policy-screen';

export const Route = createFileRoute('/privacidad')({
  // A public page: listed in the sitemap.
  staticData: { sitemap: true },
  head: () => ({
    meta: [
      { title: 'Política de tratamiento de datos personales | Happy Dog' },
      {
        name: 'description',
        content:
          'Cómo Happy Dog trata tus datos personales según la Ley 1581 de 2012: responsable, finalidades, tus derechos y cómo ejercerlos.',
      },
    ],
  }),
  component: PrivacyPolicyScreen,
});
