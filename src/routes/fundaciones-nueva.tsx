// `/fundaciones/nueva`: registering an organization (logged in; anonymous visitors go to /entrar
// and come back).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgStylesheets } from '@/features/orgs/components/org-stylesheets';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fundaciones/nueva',
  beforeLoad: loginFirst('/fundaciones/nueva'),
  head: privateHead('Registrar una organización', orgStylesheets),
  component: lazyRouteComponent(
    () => import('@/features/orgs/components/org-form-screen'),
    'OrgFormScreen',
  ),
});
