// Alerts ("Avísame"): none by default; tests that need some declare their own with server.use.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import type { MockDb } from '../mock-db';
import { API, apiError } from './common';

export function alertHandlers(db: MockDb) {
  return [
    http.get(`${API}/me/alerts`, () => {
      if (!db.sessionUser) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json([]);
    }),
  ];
}
