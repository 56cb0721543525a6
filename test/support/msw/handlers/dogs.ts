// The catalogue and the dogs' publications: listing, counting, reading, writing, one's own.
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import {
  DOG_COUNT_CAP,
  DOG_PAGE_DEFAULT,
  dogCountQuerySchema,
  dogIdParamSchema,
  dogInputSchema,
  dogListQuerySchema,
  dogSchema,
  type Dog,
  type DogFilters,
} from '@/shared/dog';
import type { Photo } from '@/shared/photo';
import type { MockDb, StoredDog } from '../mock-db';
import { API, apiError, firstIssue, readJson, searchParamsOf } from './common';

/** Lower case without accents, as the server's dog_search_norm(). */
const norm = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const AGE_RANGES = { puppy: [0, 12], young: [12, 36], adult: [36, 96], senior: [96, 1e9] } as const;

/** The catalogue's filters as the server applies them (without its tolerance of typos). */
function matches(dog: Omit<Dog, 'user'>, f: DogFilters): boolean {
  const status = dog.status ?? 'available';
  if (f.status === undefined ? status === 'adopted' : f.status !== 'all' && status !== f.status)
    return false;
  if (f.city && norm(dog.city) !== norm(f.city)) return false;
  if (f.size && dog.size !== f.size) return false;
  if (f.sex && dog.sex !== f.sex) return false;
  if (f.age) {
    const [from, below] = AGE_RANGES[f.age];
    if (dog.age_months == null || dog.age_months < from || dog.age_months >= below) return false;
  }
  const text = norm(`${dog.name} ${dog.city} ${dog.personality}`);
  return (f.q ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((word) => text.includes(norm(word)));
}

/** A stored dog as the API sends it, checked against the shared schema. */
export const presentDog = (db: MockDb, dog: StoredDog): Dog => dogSchema.parse(db.present(dog));

export function dogHandlers(db: MockDb) {
  const present = (dog: StoredDog) => presentDog(db, dog);
  return [
    http.get(`${API}/dog`, async ({ request }) => {
      const query = dogListQuerySchema.safeParse(searchParamsOf(request));
      if (!query.success) return apiError(400, firstIssue(query.error));
      const { limit = DOG_PAGE_DEFAULT, before, ...filters } = query.data;
      const page = [...db.dogs]
        .sort((a, b) => b.id - a.id)
        .filter((dog) => before === undefined || dog.id < before)
        .filter((dog) => matches(dog, filters))
        .slice(0, limit);
      return HttpResponse.json(page.map(present));
    }),

    http.get(`${API}/dog/count`, async ({ request }) => {
      const query = dogCountQuerySchema.safeParse(searchParamsOf(request));
      if (!query.success) return apiError(400, firstIssue(query.error));
      const found = db.dogs.filter((dog) => matches(dog, query.data)).length;
      return HttpResponse.json(
        found > DOG_COUNT_CAP
          ? { count: DOG_COUNT_CAP, more: true }
          : { count: found, more: false },
      );
    }),

    http.get(`${API}/dog/:id`, async ({ params }) => {
      const parsed = dogIdParamSchema.safeParse(params);
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const dog = db.dogs.find((d) => d.id === parsed.data.id);
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      return HttpResponse.json(present(dog));
    }),

    http.post(`${API}/dog`, async ({ request }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = dogInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const { photo_ids: photoIds = [], ...fields } = parsed.data;
      const photos = db.resolvePhotos(photoIds, user.id);
      if (typeof photos[0] === 'number') return apiError(photos[0], photos[1] as string);
      const dog = { ...fields, id: db.nextDogId(), hostage_id: user.id, photos: photos as Photo[] };
      db.dogs.push(dog);
      return HttpResponse.json({ dog: present(dog) }, { status: 201 });
    }),

    http.put(`${API}/dog/:id`, async ({ request, params }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const id = dogIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      const index = db.dogs.findIndex((d) => d.id === id.data.id);
      const current = db.dogs[index];
      if (!current) return apiError(404, MESSAGES.dogNotFound);
      if (current.hostage_id !== user.id) return apiError(403, MESSAGES.notOwner);
      const parsed = dogInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const { photo_ids: photoIds, ...fields } = parsed.data;
      const photos =
        photoIds === undefined ? current.photos : db.resolvePhotos(photoIds, user.id, current.id);
      if (typeof photos?.[0] === 'number') return apiError(photos[0], photos[1] as string);
      const dog = { ...current, ...fields, photos: photos as Photo[] | undefined };
      db.dogs[index] = dog;
      return HttpResponse.json({ dog: present(dog) });
    }),

    http.get(`${API}/me/dogs`, async () => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const own = db.dogs.filter((dog) => dog.hostage_id === user.id).sort((a, b) => b.id - a.id);
      return HttpResponse.json(own.map(present));
    }),

    http.get(`${API}/dog/:id/response-time`, async ({ params }) => {
      const id = dogIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      if (!db.dogs.some((d) => d.id === id.data.id)) return apiError(404, MESSAGES.dogNotFound);
      return HttpResponse.json(
        db.responseTimes.get(id.data.id) ?? { median_minutes: null, requests: 0 },
      );
    }),

    http.delete(`${API}/dog/:id`, async ({ params }) => {
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const id = dogIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      const dog = db.dogs.find((d) => d.id === id.data.id);
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      if (dog.hostage_id !== user.id) return apiError(403, MESSAGES.notOwner);
      db.dogs = db.dogs.filter((d) => d.id !== dog.id);
      db.interests = db.interests.filter((i) => i.dogId !== dog.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
