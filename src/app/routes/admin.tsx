// `/admin`: the moderation console, for accounts whose role is admin. An anonymous visitor is
// sent to /entrar, which brings them back here after logging in; anyone else logged in gets a
// 403 page. The console's data is loaded before the page is drawn.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminScreen } from '@/features/admin/components/admin-screen';
import { ForbiddenPage } from '@/components/error-pages';
import { meQueryOptions } from '@/lib/auth/get-me';
import { privateHead } from '@/lib/auth/private-page';
import { auditQueryOptions } from '@/features/admin/api/get-audit';
import { blockedUsersQueryOptions } from '@/features/admin/api/get-blocked-users';
import { hiddenDogsQueryOptions } from '@/features/admin/api/get-hidden-dogs';
import { lostFoundFlagsQueryOptions } from '@/features/admin/api/get-lost-found-flags';
import { reportsQueryOptions } from '@/features/admin/api/get-reports';
import { failedJobsQueryOptions } from '@/features/admin/api/jobs';
import { waitingOrgsQueryOptions } from '@/features/admin/api/orgs';

function AdminRoute() {
  const { allowed } = Route.useLoaderData();
  if (!allowed) {
    return <ForbiddenPage message="Solo los administradores pueden ver la moderación." />;
  }
  return <AdminScreen />;
}

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (!user) throw redirect({ to: '/entrar', search: { redirect: '/admin' }, replace: true });
    return { isAdmin: user.role === 'admin' };
  },
  loader: async ({ context }) => {
    // The page's own status (entry-server.tsx): a logged-in visitor who is not an admin gets 403.
    if (!context.isAdmin) return { allowed: false, httpStatus: 403 };
    // Not thrown on failure: each section then says so and offers to retry.
    const { queryClient } = context;
    await Promise.all([
      queryClient.prefetchQuery(reportsQueryOptions()),
      queryClient.prefetchQuery(lostFoundFlagsQueryOptions()),
      queryClient.prefetchQuery(hiddenDogsQueryOptions()),
      queryClient.prefetchQuery(blockedUsersQueryOptions()),
      queryClient.prefetchQuery(auditQueryOptions()),
      queryClient.prefetchQuery(failedJobsQueryOptions()),
      queryClient.prefetchQuery(waitingOrgsQueryOptions()),
    ]);
    return { allowed: true };
  },
  head: privateHead('Moderación'),
  component: AdminRoute,
});
