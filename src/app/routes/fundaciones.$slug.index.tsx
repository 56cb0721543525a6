// `/fundaciones/$slug`: an organization's public page, drawn on the server with its data and the
// tags link previews read. One that does not exist is a Spanish 404 page with status 404.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { OrgPage, OrgNotFound } from '@/app/pages/org-page';
import { ApiError } from '@/lib/api-client';
import { orgPageQueryOptions } from '@/features/orgs/api/orgs';
import { orgHead } from '@/features/orgs/org-meta';

export const Route = createFileRoute('/fundaciones/$slug/')({
  loader: async ({ context, params }) => {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(params.slug) || params.slug.length > 80) throw notFound();
    try {
      const page = await context.queryClient.ensureQueryData(orgPageQueryOptions(params.slug));
      return { head: orgHead(page.org, context.origin) };
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
    return <OrgPage slug={Route.useParams().slug} />;
  },
  notFoundComponent: OrgNotFound,
});
