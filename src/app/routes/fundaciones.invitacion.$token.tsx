// `/fundaciones/invitacion/$token`: accepting an invitation to an organization.
import { createFileRoute } from '@tanstack/react-router';
import { InvitationScreen as Screen } from '@/features/orgs/components/invitation-screen';
import { orgStylesheets } from '@/features/orgs/components/org-stylesheets';
import { privateHead } from '@/lib/private-page';

export const Route = createFileRoute('/fundaciones/invitacion/$token')({
  head: privateHead('Invitación', orgStylesheets),
  component: function InvitationRoute() {
    return <Screen token={Route.useParams().token} />;
  },
});
