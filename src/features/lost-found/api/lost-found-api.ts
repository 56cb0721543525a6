// Lost and found's reads and writes: the list (by its filters), one report, its matches, and the
// reporter's and visitors' actions. Query functions pass their `client` to apiCall, so the server
// answers them in-process as the visitor while it draws the page.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { LostFoundKind, LostFoundColor } from '@/shared/lost-found-labels';
import type { DogSex, DogSize } from '@/shared/dog';
import type { ReportInput } from '@/shared/moderation';
import type { Photo } from '@/shared/photo';
import type { ZoneId } from '@/shared/zone-list';
import type { LostFoundSearch } from '../search';

/** A report as the API sends it (shared/lost-found.ts, lostFoundReportSchema). */
export type Report = {
  id: number;
  kind: LostFoundKind;
  name: string;
  sex: DogSex | null;
  size: DogSize;
  colors: LostFoundColor[];
  description: string;
  date: string;
  zone: ZoneId;
  zone_name: string;
  photos: Photo[];
  status: 'open' | 'reunited' | 'closed' | 'expired';
  created_at: string;
  updated_at: string;
  expires_at: string;
  mine: boolean;
  hidden_reason?: string | null;
};

export type Match = Report & { score: number; reasons: string[]; reason: string };

export type ReportBody = {
  kind: LostFoundKind;
  name: string;
  sex: DogSex | null;
  size: DogSize;
  colors: LostFoundColor[];
  description: string;
  date: string;
  zone: ZoneId;
  photo_ids: number[];
};

/** What the reporter may change with PATCH (the kind never changes). */
export type ReportChanges = Partial<Omit<ReportBody, 'kind'>>;

export const lostFoundKeys = {
  all: ['lost-found'] as const,
  list: (search: LostFoundSearch) => ['lost-found', 'list', search] as const,
  report: (id: number) => ['lost-found', 'report', id] as const,
  matches: (id: number) => ['lost-found', 'matches', id] as const,
};

const searchParams = (search: LostFoundSearch) =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;

export const lostFoundListQuery = (search: LostFoundSearch) =>
  queryOptions({
    queryKey: lostFoundKeys.list(search),
    queryFn: ({ client }) =>
      apiCall(
        (api) => api.get('lost-found', { searchParams: searchParams(search) }).json<Report[]>(),
        client,
      ),
  });

export const reportQuery = (id: number) =>
  queryOptions({
    queryKey: lostFoundKeys.report(id),
    queryFn: ({ client }) =>
      apiCall(
        async (api) => (await api.get(`lost-found/${id}`).json<{ report: Report }>()).report,
        client,
      ),
  });

export const matchesQuery = (id: number) =>
  queryOptions({
    queryKey: lostFoundKeys.matches(id),
    queryFn: ({ client }) =>
      apiCall((api) => api.get(`lost-found/${id}/matches`).json<Match[]>(), client),
  });

const refresh = (queryClient: QueryClient, report: Report) => {
  queryClient.setQueryData(lostFoundKeys.report(report.id), report);
  void queryClient.invalidateQueries({ queryKey: ['lost-found', 'list'] });
  void queryClient.invalidateQueries({ queryKey: lostFoundKeys.matches(report.id) });
};

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) =>
      apiCall(
        async (api) =>
          (await api.post('lost-found', { json: body }).json<{ report: Report }>()).report,
      ),
    onSuccess: (report) => refresh(queryClient, report),
  });
}

export function usePatchReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportChanges & { status?: 'reunited' | 'closed'; renew?: true }) =>
      apiCall(
        async (api) =>
          (await api.patch(`lost-found/${id}`, { json: body }).json<{ report: Report }>()).report,
      ),
    onSuccess: (report) => refresh(queryClient, report),
  });
}

export function useContactReporter(id: number) {
  return useMutation({
    mutationFn: (body: { message: string; share_email: boolean }) =>
      apiCall((api) => api.post(`lost-found/${id}/contact`, { json: body }).json<unknown>()),
  });
}

/** "Reportar": a complaint to the admins about someone else's report (once per person). */
export async function flagReport(id: number, input: ReportInput): Promise<void> {
  await apiCall((api) => api.post(`lost-found/${id}/report`, { json: input }));
}
