// The admins' side of lost and found complaints: the open complaints grouped by report, hiding
// (which closes a report's complaints, as the server does) and restoring. Not among the default
// handlers: a test declares the groups it needs with lostFoundFlagsApi (server.ts).
import { http, HttpResponse } from 'msw';
import type { LostFoundFlagGroup } from '@/shared/lost-found';
import { LOST_FOUND_MESSAGES } from '@/shared/lost-found';
import { API, apiError } from './common';

/** The handlers over these groups; each change the admin makes is appended to `log`. */
export function lostFoundFlagHandlers(groups: LostFoundFlagGroup[], log: string[] = []) {
  const hidden = new Map<number, string>();
  const closed = new Set<number>();
  const find = (id: unknown) => groups.find((g) => g.report.id === Number(id));
  return [
    http.get(`${API}/admin/lost-found/reports`, () =>
      HttpResponse.json(
        groups
          .filter((g) => !closed.has(g.report.id))
          .map((g) => ({ ...g, report: { ...g.report, hidden: hidden.has(g.report.id) } })),
      ),
    ),
    http.post(`${API}/admin/lost-found/:id/hide`, async ({ params, request }) => {
      const group = find(params.id);
      if (!group) return apiError(404, LOST_FOUND_MESSAGES.notFound);
      if (hidden.has(group.report.id)) return apiError(409, LOST_FOUND_MESSAGES.alreadyHidden);
      const { reason } = (await request.json()) as { reason: string };
      hidden.set(group.report.id, reason);
      closed.add(group.report.id);
      log.push(`hide ${group.report.id}: ${reason}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${API}/admin/lost-found/:id/restore`, ({ params }) => {
      const group = find(params.id);
      if (!group) return apiError(404, LOST_FOUND_MESSAGES.notFound);
      if (!hidden.delete(group.report.id)) return apiError(409, LOST_FOUND_MESSAGES.notHidden);
      log.push(`restore ${group.report.id}`);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
