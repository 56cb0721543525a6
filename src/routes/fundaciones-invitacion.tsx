// `/fundaciones/invitacion/$token`: accepting an invitation to an organization.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgStylesheets } from '@/features/orgs/components/org-stylesheets';
import { privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

const Screen = lazyRouteComponent(
  () => import('@/features/orgs/components/invitation-screen'),
  'InvitationScreen',
);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fundaciones/invitacion/$token',
  head: privateHead('Invitación', orgStylesheets),
  component: function InvitationRoute() {
    return <Screen token={route.useParams().token} />;
  },
});
