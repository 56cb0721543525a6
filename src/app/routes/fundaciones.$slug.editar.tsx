// `/fundaciones/$slug/editar`: its admins change the organization's data (logged in; anonymous
// visitors go to /entrar and come back).
import { createFileRoute } from '@tanstack/react-router';
import { OrgEditScreen as Screen } from '@/features/orgs/components/org-edit-screen';
import { loginFirst, privateHead } from '@/lib/auth/private-page';

export const Route = createFileRoute('/fundaciones/$slug/editar')({
  beforeLoad: ({ context, params }) =>
    loginFirst(`/fundaciones/${params.slug}/editar`)({ context }),
  // The query's module is loaded with the page, not with every page's first code.
  loader: async ({ context }) => {
    const { myOrgsQueryOptions } = await import('@/features/orgs/api/orgs');
    await context.queryClient.prefetchQuery(myOrgsQueryOptions());
  },
  head: privateHead('Editar la organización'),
  component: function EditRoute() {
    return <Screen slug={Route.useParams().slug} />;
  },
});
