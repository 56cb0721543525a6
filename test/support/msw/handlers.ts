// MSW handlers for every route of the API, built on the shared zod contracts, over a MockDb.
// The web tests and `npm run dev:mock` use the same handlers; tests override single routes
// with `server.use(...)` to produce errors.
import { delay, http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import {
  DOG_PAGE_DEFAULT,
  dogIdParamSchema,
  dogInputSchema,
  dogListQuerySchema,
  dogSchema,
} from '@/shared/dog';
import { loginSchema, registerSchema, toApiUser } from '@/shared/user';
import type { MockDb } from './mock-db';

export const API = '/api';

/** An API error body, `{"error": "mensaje"}`, with its status. */
export function apiError(status: number, message: string) {
  return HttpResponse.json({ error: message }, { status });
}

function firstIssue(error: { issues: Array<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'Datos no válidos';
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

type HandlerOptions = {
  /** Simulated network latency (dev:mock only; tests run without it). */
  latency?: number;
  /** Called after every change of the data (dev:mock persists it). */
  onChange?: () => void;
};

export function createHandlers(db: MockDb, { latency = 0, onChange }: HandlerOptions = {}) {
  const wait = () => (latency > 0 ? delay(latency) : Promise.resolve());
  const changed = () => onChange?.();
  const present = (dog: Parameters<MockDb['present']>[0]) => dogSchema.parse(db.present(dog));

  return [
    http.post(`${API}/user/userLogin`, async ({ request }) => {
      await wait();
      const parsed = loginSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const user = db.users.find(
        (u) => u.email.toLowerCase() === parsed.data.email.toLowerCase() && u.password === parsed.data.password,
      );
      if (!user) return apiError(401, MESSAGES.badCredentials);
      db.sessionUserId = user.id;
      changed();
      return HttpResponse.json({ user: toApiUser(user) });
    }),

    http.get(`${API}/user/userLogout`, async () => {
      await wait();
      db.sessionUserId = null;
      changed();
      return HttpResponse.json(true);
    }),

    http.post(`${API}/user/userRegister`, async ({ request }) => {
      await wait();
      const parsed = registerSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const { name, email, password } = parsed.data;
      if (db.users.some((u) => u.email.toLowerCase() === email.toLowerCase())) {
        return apiError(409, MESSAGES.emailTaken);
      }
      db.users.push({ id: db.nextUserId(), name, email, password, role: 'user' });
      changed();
      return HttpResponse.json(true, { status: 201 });
    }),

    http.get(`${API}/user/me`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json({ user: toApiUser(user) });
    }),

    http.get(`${API}/dog`, async ({ request }) => {
      await wait();
      const query = dogListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return apiError(400, firstIssue(query.error));
      const { limit = DOG_PAGE_DEFAULT, before } = query.data;
      const page = [...db.dogs]
        .sort((a, b) => b.id - a.id)
        .filter((dog) => before === undefined || dog.id < before)
        .slice(0, limit);
      return HttpResponse.json(page.map(present));
    }),

    http.get(`${API}/dog/:id`, async ({ params }) => {
      await wait();
      const parsed = dogIdParamSchema.safeParse(params);
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const dog = db.dogs.find((d) => d.id === parsed.data.id);
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      return HttpResponse.json(present(dog));
    }),

    http.post(`${API}/dog`, async ({ request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = dogInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const dog = { ...parsed.data, id: db.nextDogId(), hostage_id: user.id };
      db.dogs.push(dog);
      changed();
      return HttpResponse.json({ dog: present(dog) }, { status: 201 });
    }),

    http.put(`${API}/dog/:id`, async ({ request, params }) => {
      await wait();
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
      const dog = { ...current, ...parsed.data };
      db.dogs[index] = dog;
      changed();
      return HttpResponse.json({ dog: present(dog) });
    }),

    http.delete(`${API}/dog/:id`, async ({ params }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const id = dogIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      const dog = db.dogs.find((d) => d.id === id.data.id);
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      if (dog.hostage_id !== user.id) return apiError(403, MESSAGES.notOwner);
      db.dogs = db.dogs.filter((d) => d.id !== dog.id);
      changed();
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
