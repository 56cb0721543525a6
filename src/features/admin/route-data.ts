// What /admin needs besides its component — the console's queries and stylesheets — in one chunk
// its loader imports, so the code every page loads first (route files included) stays small.
export { auditQueryOptions } from './api/get-audit';
export { blockedUsersQueryOptions } from './api/get-blocked-users';
export { hiddenDogsQueryOptions } from './api/get-hidden-dogs';
export { failedJobsQueryOptions } from './api/jobs';
export { lostFoundFlagsQueryOptions } from './api/get-lost-found-flags';
export { reportsQueryOptions } from './api/get-reports';
export { waitingOrgsQueryOptions } from './api/orgs';
export { adminStylesheets } from './components/admin-stylesheets';
