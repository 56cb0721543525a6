// `/fundaciones/$slug/editar`: its admins change the organization's data (logged in; anonymous
// visitors go to /entrar and come back).
import { createFileRoute } from '@tanstack/react-router';
import { OrgEditScreen as Screen } from '@/features/orgs/components/org-edit-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { myOrgsQueryOptions } from '@/features/orgs/api/orgs';

export const Route = createFileRoute('/fundaciones/$slug/editar')({
  beforeLoad: ({ context, params }) =>
    loginFirst(`/fundaciones/${params.slug}/editar`)({ context }),
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(myOrgsQueryOptions());
  },
  head: privateHead('Editar la organización'),
  component: function EditRoute() {
    return <Screen slug={Route.useParams().slug} />;
  },
});
