// GET /api/admin/reports: open reports grouped by listing, the most reported first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { ReportGroup } from '@/shared/moderation';
import { adminKeys } from './admin-keys';

export function reportsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.reports(),
    // The client carries the request's transport when the page is drawn on the server.
    queryFn: ({ client }) =>
      apiCall((api) => api.get('admin/reports').json<ReportGroup[]>(), client),
  });
}

export function useReports() {
  return useQuery(reportsQueryOptions());
}
