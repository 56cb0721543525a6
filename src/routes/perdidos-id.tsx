// `/perdidos/$id`: one lost or found report, drawn on the server with its matches and the tags a
// link preview reads. A report that does not exist (or is hidden) is a Spanish 404 page.
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { ApiError } from '@/lib/api-client';
import { rootRoute } from './__root';

const loadPage = () => import('@/app/pages/lost-found/report-page');
const ReportPage = lazyRouteComponent(loadPage, 'ReportPage');
const ReportNotFound = lazyRouteComponent(loadPage, 'ReportNotFound');

const parseId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/perdidos/$id',
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    try {
      const data = await import('@/features/lost-found/route-data');
      const [report] = await Promise.all([
        context.queryClient.ensureQueryData(data.reportQuery(id)),
        // Not thrown on failure: the page then says so.
        context.queryClient.prefetchQuery(data.matchesQuery(id)),
      ]);
      const head = data.reportHead(report, context.origin);
      return { head: { meta: head.meta, links: [...data.lostFoundStylesheets, ...head.links] } };
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
    return <ReportPage id={Number(route.useParams().id)} />;
  },
  notFoundComponent: ReportNotFound,
});
