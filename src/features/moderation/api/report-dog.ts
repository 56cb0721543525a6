// POST /api/dog/:id/report: a logged-in person flags a listing (once per listing).
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { ReportInput } from '@/shared/moderation';

export async function reportDog(dogId: number, input: ReportInput): Promise<void> {
  await apiCall((api) => api.post(`dog/${dogId}/report`, { json: input }));
}

export function useReportDog(dogId: number) {
  return useMutation({ mutationFn: (input: ReportInput) => reportDog(dogId, input) });
}
