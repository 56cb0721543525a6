// `/perdidos/$id/editar`: the reporter changes their lost or found report (logged in; anyone
// else is sent to /entrar, which brings them back). A report that does not exist is a 404 page.
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { ApiError } from '@/lib/api-client';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

const ReportEditPage = lazyRouteComponent(
  () => import('@/app/pages/lost-found/report-edit-page'),
  'ReportEditPage',
);
const ReportNotFound = lazyRouteComponent(
  () => import('@/app/pages/lost-found/report-page'),
  'ReportNotFound',
);

const parseId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/perdidos/$id/editar',
  beforeLoad: ({ context, params }) => loginFirst(`/perdidos/${params.id}/editar`)({ context }),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const data = await import('@/features/lost-found/route-data');
    try {
      await context.queryClient.ensureQueryData(data.reportQuery(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
    return { links: data.lostFoundStylesheets };
  },
  head: privateHead('Editar tu reporte'),
  component: function ReportEditRoute() {
    return <ReportEditPage id={Number(route.useParams().id)} />;
  },
  notFoundComponent: ReportNotFound,
});
