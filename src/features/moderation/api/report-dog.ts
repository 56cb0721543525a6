// POST /api/dog/:id/report: a logged-in person flags a listing (once per listing).
import { apiCall } from '@/lib/api-client';
import type { ReportInput } from '@/shared/moderation';

export async function reportDog(dogId: number, input: ReportInput): Promise<void> {
  await apiCall((api) => api.post(`dog/${dogId}/report`, { json: input }));
}
