// `/admin`: the moderation console, for accounts whose role is admin. An anonymous visitor is
// sent to /entrar, which brings them back here after logging in; anyone else logged in gets a
// 403 page. The console's data is loaded before the page is drawn.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { ForbiddenPage } from '@/components/error-pages';
import { meQueryOptions } from '@/lib/auth/get-me';
import { privateHead } from '@/lib/auth/private-page';
import { rootRoute } from './__root';

const AdminScreen = lazyRouteComponent(
  () => import('@/features/admin/components/admin-screen'),
  'AdminScreen',
);

function AdminRoute() {
  const { allowed } = route.useLoaderData();
  if (!allowed) {
    return <ForbiddenPage message="Solo los administradores pueden ver la moderación." />;
  }
  return <AdminScreen />;
}

export const route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (!user) throw redirect({ to: '/entrar', search: { redirect: '/admin' }, replace: true });
    return { isAdmin: user.role === 'admin' };
  },
  loader: async ({ context }) => {
    // The page's own status (entry-server.tsx): a logged-in visitor who is not an admin gets 403.
    if (!context.isAdmin) return { allowed: false, httpStatus: 403 };
    // What the page needs besides its component loads with its data: every page's first code
    // (route files included) stays small.
    const data = await import('@/features/admin/route-data');
    // Not thrown on failure: each section then says so and offers to retry.
    const { queryClient } = context;
    await Promise.all([
      queryClient.prefetchQuery(data.reportsQueryOptions()),
      queryClient.prefetchQuery(data.lostFoundFlagsQueryOptions()),
      queryClient.prefetchQuery(data.hiddenDogsQueryOptions()),
      queryClient.prefetchQuery(data.blockedUsersQueryOptions()),
      queryClient.prefetchQuery(data.auditQueryOptions()),
      queryClient.prefetchQuery(data.failedJobsQueryOptions()),
      queryClient.prefetchQuery(data.waitingOrgsQueryOptions()),
    ]);
    return { allowed: true, links: data.adminStylesheets };
  },
  head: privateHead('Moderación'),
  component: AdminRoute,
});
