// `/fundaciones/invitacion/$token`: accepting an invitation to an organization.
import { createFileRoute } from '@tanstack/react-router';
import { InvitationScreen as Screen } from '@/features/orgs/components/invitation-screen';
import { privateHead } from '@/lib/auth/private-page';

export const Route = createFileRoute('/fundaciones/invitacion/$token')({
  head: privateHead('Invitación'),
  component: function InvitationRoute() {
    return <Screen token={Route.useParams().token} />;
  },
});
