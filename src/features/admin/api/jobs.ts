// "Correos y tareas": GET /api/admin/jobs (counts by state and the failed jobs) and
// POST /api/admin/jobs/:id/retry ("Reintentar"), which refreshes the section.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { JobList } from '@/shared/jobs';
import { adminKeys } from './admin-keys';

export function failedJobsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.failedJobs(),
    queryFn: ({ client }) =>
      apiCall(
        (api) => api.get('admin/jobs', { searchParams: { state: 'failed' } }).json<JobList>(),
        client,
      ),
  });
}

export function useFailedJobs() {
  return useQuery(failedJobsQueryOptions());
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall((api) => api.post(`admin/jobs/${id}/retry`, { json: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.failedJobs() }),
  });
}
