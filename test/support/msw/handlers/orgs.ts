// Organizations: none by default; tests that need some declare their own with server.use.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import type { MockDb } from '../mock-db';
import { API, apiError } from './common';

export function orgHandlers(db: MockDb) {
  return [
    // Organizations: none unless a test declares its own (server.use).
    http.get(`${API}/me/orgs`, async () => {
      if (!db.sessionUser) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json([]);
    }),
  ];
}
