// The account screens: profile, password, sessions, data export, deletion and password reset.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import {
  type AccountExport,
  changePasswordSchema,
  deleteAccountSchema,
  PASSWORD_RESET_REQUESTED,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_LINK_INVALID,
  updateProfileSchema,
} from '@/shared/account';
import { PRIVACY_POLICY } from '@/shared/privacy';
import { toApiUser } from '@/shared/user';
import type { MockDb } from '../mock-db';
import { API, apiError, firstIssue, readJson } from './common';

/** When every mock account was created and accepted the privacy policy (the mock keeps none). */
const ACCOUNT_CREATED_AT = '2026-01-15T12:00:00.000Z';

export function accountHandlers(db: MockDb) {
  return [
    http.get(`${API}/user/account`, async () => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json({ user: { ...toApiUser(user), phone: user.phone ?? null } });
    }),

    http.patch(`${API}/user/me`, async ({ request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = updateProfileSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (parsed.data.name !== undefined) user.name = parsed.data.name;
      if (parsed.data.phone !== undefined) user.phone = parsed.data.phone;
      return HttpResponse.json({ user: { ...toApiUser(user), phone: user.phone ?? null } });
    }),

    http.post(`${API}/user/password`, async ({ request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = changePasswordSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (parsed.data.current !== user.password) {
        return apiError(403, 'La contraseña actual no es correcta');
      }
      user.password = parsed.data.password;
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(`${API}/user/logout-all`, async () => {
      if (!db.sessionUser) return apiError(401, MESSAGES.notLoggedIn);
      db.sessionUserId = null;
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(`${API}/user/export`, async () => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const now = new Date().toISOString();
      const data: AccountExport = {
        exported_at: now,
        policy_version: PRIVACY_POLICY.version,
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone ?? null,
          role: user.role,
          created_at: ACCOUNT_CREATED_AT,
        },
        consents: [{ policy_version: PRIVACY_POLICY.version, accepted_at: ACCOUNT_CREATED_AT }],
        sessions: [{ created_at: now, last_seen_at: now }],
        dogs: db.dogs.filter((dog) => dog.hostage_id === user.id),
      };
      return HttpResponse.json(data, {
        headers: {
          'content-disposition': 'attachment; filename="happy-dog-mis-datos-2026-11-23.json"',
        },
      });
    }),

    http.delete(`${API}/user/me`, async ({ request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = deleteAccountSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (parsed.data.password !== user.password)
        return apiError(403, 'La contraseña no es correcta');
      db.users = db.users.filter((u) => u.id !== user.id);
      db.dogs = db.dogs.filter((dog) => dog.hostage_id !== user.id);
      db.sessionUserId = null;
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(`${API}/user/password-reset`, async ({ request }) => {
      const parsed = passwordResetRequestSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const user = db.users.find((u) => u.email.toLowerCase() === parsed.data.email.toLowerCase());
      if (user)
        db.resetTokens.set(
          `${'t'.repeat(40)}${String(db.resetTokens.size).padStart(3, '0')}`,
          user.id,
        );
      return HttpResponse.json({ message: PASSWORD_RESET_REQUESTED }, { status: 202 });
    }),

    http.post(`${API}/user/password-reset/confirm`, async ({ request }) => {
      const parsed = passwordResetConfirmSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const userId = db.resetTokens.get(parsed.data.token);
      const user = db.users.find((u) => u.id === userId);
      if (!user) return apiError(400, RESET_LINK_INVALID);
      db.resetTokens.delete(parsed.data.token);
      user.password = parsed.data.password;
      if (db.sessionUserId === user.id) db.sessionUserId = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
