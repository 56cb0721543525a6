// "Guardados": the dogs a user saved, the last saved first.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import { favoriteDogParamSchema } from '@/shared/favorites';
import type { MockDb, StoredDog } from '../mock-db';
import { API, apiError, firstIssue } from './common';
import { presentDog } from './dogs';

export function favoriteHandlers(db: MockDb) {
  const present = (dog: StoredDog) => presentDog(db, dog);
  return [
    http.get(`${API}/me/favorites`, async () => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const ids = db.favorites.get(user.id) ?? [];
      const saved = ids.flatMap((id) => db.dogs.filter((dog) => dog.id === id));
      return HttpResponse.json(saved.map(present));
    }),

    http.put(`${API}/me/favorites/:dogId`, async ({ params }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = favoriteDogParamSchema.safeParse(params);
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const { dogId } = parsed.data;
      if (!db.dogs.some((dog) => dog.id === dogId)) return apiError(404, MESSAGES.dogNotFound);
      const ids = (db.favorites.get(user.id) ?? []).filter((id) => id !== dogId);
      db.favorites.set(user.id, [dogId, ...ids]);
      return new HttpResponse(null, { status: 204 });
    }),

    http.delete(`${API}/me/favorites/:dogId`, async ({ params }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = favoriteDogParamSchema.safeParse(params);
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const ids = db.favorites.get(user.id) ?? [];
      db.favorites.set(
        user.id,
        ids.filter((id) => id !== parsed.data.dogId),
      );
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
