// `/perdidos/$id/editar`: the reporter changes their lost or found report (logged in; anyone
// else is sent to /entrar, which brings them back). A report that does not exist is a 404 page.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { ReportEditPage } from '@/app/pages/lost-found/report-edit-page';
import { ReportNotFound } from '@/app/pages/lost-found/report-page';
import { ApiError } from '@/lib/api-client';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { reportQuery } from '@/features/lost-found/api/lost-found-api';

const parseId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/perdidos/$id/editar')({
  beforeLoad: ({ context, params }) => loginFirst(`/perdidos/${params.id}/editar`)({ context }),
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(reportQuery(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: privateHead('Editar tu reporte'),
  component: function ReportEditRoute() {
    return <ReportEditPage id={Number(Route.useParams().id)} />;
  },
  notFoundComponent: ReportNotFound,
});
