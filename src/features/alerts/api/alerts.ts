// Saved searches ("Avísame"): the person's alerts (GET /api/me/alerts), creating one from the
// catalogue's filters, pausing, deleting, and the e-mails' unsubscribe link (no login).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { AlertFilters, AlertFrequency } from '@/shared/alert-words';
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
    mutationFn: (input: { filters: AlertFilters; frequency: AlertFrequency }) =>
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
