// `/perdidos/nuevo`: the lost or found report form, for logged-in people (anyone else is sent to
// /entrar, which brings them back).
import { createFileRoute } from '@tanstack/react-router';
import ReportFormPage from '@/app/pages/lost-found/report-form-page';
import { loginFirst, privateHead } from '@/lib/auth/private-page';

export const Route = createFileRoute('/perdidos/nuevo')({
  beforeLoad: loginFirst('/perdidos/nuevo'),
  head: privateHead('Publicar un reporte'),
  component: ReportFormPage,
});
