// `/fundaciones/$slug/editar`: its admins change the organization's data (logged in; anonymous
// visitors go to /entrar and come back).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgStylesheets } from '@/features/orgs/components/org-stylesheets';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

const Screen = lazyRouteComponent(
  () => import('@/features/orgs/components/org-edit-screen'),
  'OrgEditScreen',
);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fundaciones/$slug/editar',
  beforeLoad: ({ context, params }) =>
    loginFirst(`/fundaciones/${params.slug}/editar`)({ context }),
  // The query's module is loaded with the page, not with every page's first code.
  loader: async ({ context }) => {
    const { myOrgsQueryOptions } = await import('@/features/orgs/api/orgs');
    await context.queryClient.prefetchQuery(myOrgsQueryOptions());
  },
  head: privateHead('Editar la organización', orgStylesheets),
  component: function EditRoute() {
    return <Screen slug={route.useParams().slug} />;
  },
});
