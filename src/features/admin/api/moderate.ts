// The admin actions: POST /api/admin/dog/:id/hide|restore, /api/admin/user/:id/block|unblock and
// /api/admin/report/:id/dismiss, and POST /api/admin/lost-found/:id/hide|restore for lost and found
// reports. They share one hook because they share their effect: every view
// of the console may change (a hidden listing closes its reports, a block hides listings, each
// adds an audit entry), and so may every list of dogs the admin has seen.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type ModerationAction =
  | { kind: 'hide'; dogId: number; reason: string }
  | { kind: 'restore'; dogId: number }
  | { kind: 'block'; userId: number; reason: string }
  | { kind: 'unblock'; userId: number }
  | { kind: 'dismiss'; reportId: number; reason?: string }
  | { kind: 'hide-lost-found'; reportId: number; reason: string }
  | { kind: 'restore-lost-found'; reportId: number };

function request(action: ModerationAction): { path: string; json: Record<string, string> } {
  switch (action.kind) {
    case 'hide':
      return { path: `admin/dog/${action.dogId}/hide`, json: { reason: action.reason } };
    case 'restore':
      return { path: `admin/dog/${action.dogId}/restore`, json: {} };
    case 'block':
      return { path: `admin/user/${action.userId}/block`, json: { reason: action.reason } };
    case 'unblock':
      return { path: `admin/user/${action.userId}/unblock`, json: {} };
    case 'dismiss':
      return {
        path: `admin/report/${action.reportId}/dismiss`,
        json: { reason: action.reason ?? '' },
      };
    case 'hide-lost-found':
      return { path: `admin/lost-found/${action.reportId}/hide`, json: { reason: action.reason } };
    case 'restore-lost-found':
      return { path: `admin/lost-found/${action.reportId}/restore`, json: {} };
  }
}

export async function moderate(action: ModerationAction): Promise<void> {
  const { path, json } = request(action);
  await apiCall((api) => api.post(path, { json }));
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    // The session's own queries stay; everything else (the console, dog lists) is refetched.
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' }),
  });
}
