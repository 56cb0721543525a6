// `/fundaciones/$slug`: an organization's public page, drawn on the server with its data and the
// tags link previews read. One that does not exist is a Spanish 404 page with status 404.
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { ApiError } from '@/lib/api-client';
import { rootRoute } from './__root';

const loadOrgPage = () => import('@/app/pages/org-page');
const OrgPage = lazyRouteComponent(loadOrgPage, 'OrgPage');
const OrgNotFound = lazyRouteComponent(loadOrgPage, 'OrgNotFound');

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fundaciones/$slug',
  loader: async ({ context, params }) => {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(params.slug) || params.slug.length > 80) throw notFound();
    try {
      const data = await import('@/features/orgs/route-data');
      const page = await context.queryClient.ensureQueryData(data.orgPageQueryOptions(params.slug));
      const head = data.orgHead(page.org, context.origin);
      return { head: { meta: head.meta, links: [...data.orgStylesheets, ...head.links] } };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) =>
    loaderData?.head ?? {
      meta: [
        { title: 'Esta organización no existe | Happy Dog' },
        { name: 'robots', content: 'noindex' },
      ],
    },
  component: function OrgRoute() {
    return <OrgPage slug={route.useParams().slug} />;
  },
  notFoundComponent: OrgNotFound,
});
