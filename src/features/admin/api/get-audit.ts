// GET /api/admin/audit: every admin action (who, what, when, why), the newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { AuditEntry } from '@/shared/moderation';
import { adminKeys } from './admin-keys';

export function auditQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.audit(),
    queryFn: ({ client }) => apiCall((api) => api.get('admin/audit').json<AuditEntry[]>(), client),
  });
}

export function useAudit() {
  return useQuery(auditQueryOptions());
}
