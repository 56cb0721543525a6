// Logging in and out, registering, and the session's user.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import { loginSchema, registerSchema, toApiUser } from '@/shared/user';
import type { MockDb } from '../mock-db';
import { API, apiError, firstIssue, readJson } from './common';

export function sessionHandlers(db: MockDb) {
  return [
    http.post(`${API}/user/userLogin`, async ({ request }) => {
      const parsed = loginSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const user = db.users.find(
        (u) =>
          u.email.toLowerCase() === parsed.data.email.toLowerCase() &&
          u.password === parsed.data.password,
      );
      if (!user) return apiError(401, MESSAGES.badCredentials);
      db.sessionUserId = user.id;
      return HttpResponse.json({ user: toApiUser(user) });
    }),

    http.get(`${API}/user/userLogout`, async () => {
      db.sessionUserId = null;
      return HttpResponse.json(true);
    }),

    http.post(`${API}/user/userRegister`, async ({ request }) => {
      const parsed = registerSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const { name, email, password } = parsed.data;
      if (db.users.some((u) => u.email.toLowerCase() === email.toLowerCase())) {
        return apiError(409, MESSAGES.emailTaken);
      }
      db.users.push({ id: db.nextUserId(), name, email, password, role: 'user' });
      return HttpResponse.json(true, { status: 201 });
    }),

    http.get(`${API}/user/me`, async () => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json({ user: toApiUser(user) });
    }),
  ];
}
