// `/perdidos/$id`: one lost or found report, drawn on the server with its matches and the tags a
// link preview reads. A report that does not exist (or is hidden) is a Spanish 404 page.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { ReportPage, ReportNotFound } from '@/app/pages/lost-found/report-page';
import { ApiError } from '@/lib/api-client';
import { reportQuery, matchesQuery } from '@/features/lost-found/api/lost-found-api';
import { reportHead } from '@/features/lost-found/meta';

const parseId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/perdidos/$id/')({
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    try {
      const [report] = await Promise.all([
        context.queryClient.ensureQueryData(reportQuery(id)),
        // Not thrown on failure: the page then says so.
        context.queryClient.prefetchQuery(matchesQuery(id)),
      ]);
      return { head: reportHead(report, context.origin) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) =>
    loaderData?.head ?? {
      meta: [
        { title: 'Este reporte ya no está publicado | Happy Dog' },
        { name: 'robots', content: 'noindex' },
      ],
    },
  component: function ReportRoute() {
    return <ReportPage id={Number(Route.useParams().id)} />;
  },
  notFoundComponent: ReportNotFound,
});
