// `/fundaciones/$slug/integrantes`: the organization's members, for its members only.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgStylesheets } from '@/features/orgs/components/org-stylesheets';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

const Screen = lazyRouteComponent(
  () => import('@/features/orgs/components/org-members-screen'),
  'OrgMembersScreen',
);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fundaciones/$slug/integrantes',
  beforeLoad: ({ context, params }) =>
    loginFirst(`/fundaciones/${params.slug}/integrantes`)({ context }),
  // The query's module is loaded with the page, not with every page's first code.
  loader: async ({ context }) => {
    const { myOrgsQueryOptions } = await import('@/features/orgs/api/orgs');
    await context.queryClient.prefetchQuery(myOrgsQueryOptions());
  },
  head: privateHead('Integrantes', orgStylesheets),
  component: function MembersRoute() {
    return <Screen slug={route.useParams().slug} />;
  },
});
