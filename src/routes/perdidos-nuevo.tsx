// `/perdidos/nuevo`: the lost or found report form, for logged-in people (anyone else is sent to
// /entrar, which brings them back).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loginFirst, privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/perdidos/nuevo',
  beforeLoad: loginFirst('/perdidos/nuevo'),
  loader: async () => {
    const data = await import('@/features/lost-found/route-data');
    return { links: data.lostFoundStylesheets };
  },
  head: privateHead('Publicar un reporte'),
  component: lazyRouteComponent(() => import('@/app/pages/lost-found/report-form-page')),
});
