// `/privacidad`: the personal data policy a person accepts when registering.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountStylesheets } from '@/features/account/components/account-stylesheets';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacidad',
  head: () => ({
    links: accountStylesheets,
    meta: [
      { title: 'Política de tratamiento de datos personales | Happy Dog' },
      {
        name: 'description',
        content:
          'Cómo Happy Dog trata tus datos personales según la Ley 1581 de 2012: responsable, finalidades, tus derechos y cómo ejercerlos.',
      },
    ],
  }),
  component: lazyRouteComponent(
    () => import('@/features/account/components/privacy-policy-screen'),
    'PrivacyPolicyScreen',
  ),
});
