// `/fundaciones/$slug/integrantes`: the organization's members, for its members only.
import { createFileRoute } from '@tanstack/react-router';
import { OrgMembersScreen as Screen } from '@/features/orgs/components/org-members-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { myOrgsQueryOptions } from '@/features/orgs/api/orgs';

export const Route = createFileRoute('/fundaciones/$slug/integrantes')({
  beforeLoad: ({ context, params }) =>
    loginFirst(`/fundaciones/${params.slug}/integrantes`)({ context }),
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(myOrgsQueryOptions());
  },
  head: privateHead('Integrantes'),
  component: function MembersRoute() {
    return <Screen slug={Route.useParams().slug} />;
  },
});
