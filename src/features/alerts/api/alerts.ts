// Saved searches ("Avísame"): the person's alerts (GET /api/me/alerts), creating one from the
// catalogue's or the lost and found list's filters, pausing, deleting, and the e-mails'
// unsubscribe link (no login).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { AlertCreateInput } from '@/shared/alert-words';
import type { Alert, AlertUnsubscribeResponse } from '@/shared/alerts';

export const alertKeys = { all: ['alerts'] as const };

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.all,
    queryFn: ({ client }) => apiCall((api) => api.get('me/alerts').json<Alert[]>(), client),
  });

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertCreateInput) =>
      apiCall((api) => api.post('me/alerts', { json: input }).json<{ alert: Alert }>()).then(
        (body) => body.alert,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useSetAlertPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      apiCall((api) =>
        api.patch(`me/alerts/${id}`, { json: { paused } }).json<{ alert: Alert }>(),
      ).then((body) => body.alert),
    onSuccess: (alert) =>
      queryClient.setQueryData<Alert[]>(alertKeys.all, (list = []) =>
        list.map((item) => (item.id === alert.id ? alert : item)),
      ),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall((api) => api.delete(`me/alerts/${id}`)).then(() => id),
    onSuccess: (id) =>
      queryClient.setQueryData<Alert[]>(alertKeys.all, (list = []) =>
        list.filter((item) => item.id !== id),
      ),
  });
}

/** What creating `alert` again sends: its scope, filters and frequency. */
export function createInputOf(
  alert: Pick<Alert, 'scope' | 'filters' | 'frequency'>,
): AlertCreateInput {
  const { q, city, size, sex, age, kind, zone } = alert.filters;
  return alert.scope === 'lost_found'
    ? { scope: 'lost_found', filters: { q, size, sex, kind, zone }, frequency: alert.frequency }
    : { filters: { q, city, size, sex, age }, frequency: alert.frequency };
}

/** The e-mail's link: deletes the alerts it is about, and says which they were. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiCall((api) =>
        api
          .post(`alerts/unsubscribe/${encodeURIComponent(token)}`)
          .json<AlertUnsubscribeResponse>(),
      ),
  });
}
