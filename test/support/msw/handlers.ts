// MSW handlers for every route of the API, built on the shared zod contracts, over a MockDb.
// The web tests and `npm run dev:mock` use the same handlers; tests override single routes
// with `server.use(...)` to produce errors.
import { delay, http, HttpResponse } from 'msw';
import { MESSAGES } from '@/shared/api';
import type { SiteIdentity } from '@/shared/site';
import {
  ACTA_VERSION,
  actaText,
  checkinInputSchema,
  FOLLOW_UP_MESSAGES,
  sterilizationInputSchema,
  type Adoption,
} from '@/shared/follow-up';
import {
  DOG_COUNT_CAP,
  DOG_PAGE_DEFAULT,
  dogIdParamSchema,
  dogInputSchema,
  dogCountQuerySchema,
  dogListQuerySchema,
  dogSchema,
  type Dog,
  type DogFilters,
} from '@/shared/dog';

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
import {
  changePasswordSchema,
  deleteAccountSchema,
  PASSWORD_RESET_REQUESTED,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_LINK_INVALID,
  updateProfileSchema,
} from '@/shared/account';
import { favoriteDogParamSchema } from '@/shared/favorites';
import {
  INTEREST_MESSAGES,
  interestBoxQuerySchema,
  interestIdParamSchema,
  interestInputSchema,
  interestStateInputSchema,
  type Interest,
} from '@/shared/interest';
import { interestTransitionError, isOpenInterest } from '@/shared/interest-states';
import {
  adopterProfileInputSchema,
  meetsSterilizationRule,
  STERILIZATION_RULE_MESSAGE,
} from '@/shared/adopter-profile';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, type Photo } from '@/shared/photo';
import { loginSchema, registerSchema, toApiUser } from '@/shared/user';
import type { MockDb, StoredInterest } from './mock-db';

/** The identity the server would be configured with (SITE_*), unlike the code's placeholders. */
export const TEST_SITE: SiteIdentity = {
  email: 'contacto@refugio-prueba.example',
  phone: '+57 300 555 0199',
  street: 'Carrera 100 # 11-60',
  city: 'Cali, Valle del Cauca, Colombia',
  instagram: 'https://www.instagram.com/refugioprueba',
  facebook: 'https://www.facebook.com/refugioprueba',
  whatsapp: 'https://wa.me/573005550199',
};

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

/** A stand-in for the server's processed photo (its files are not served by the mock). */
export function mockPhoto(id: number, width = 1280, height = 960): Photo {
  const file = (ext: string, w: number) => `/media/${String(id).padStart(64, '0')}-${w}.${ext}`;
  const srcset = (ext: string) => [320, 640, 1280].map((w) => `${file(ext, w)} ${w}w`).join(', ');
  return {
    id,
    url: file('jpg', 1280),
    srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpg') },
    width,
    height,
    placeholder: 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=',
  };
}

export function createHandlers(db: MockDb, { latency = 0, onChange }: HandlerOptions = {}) {
  const wait = () => (latency > 0 ? delay(latency) : Promise.resolve());
  const changed = () => onChange?.();
  /** An adoption as the session's user may see it (with its role), or the refusal to answer. */
  const adoptionFor = (id: number, only?: 'rescuer' | 'adopter') => {
    const user = db.sessionUser;
    if (!user) return apiError(401, MESSAGES.notLoggedIn);
    const stored = db.adoptions.find((a) => a.detail.adoption.id === id);
    if (!stored) return apiError(404, FOLLOW_UP_MESSAGES.notFound);
    const role =
      stored.rescuerId === user.id ? 'rescuer' : stored.adopterId === user.id ? 'adopter' : null;
    if (!role) return apiError(403, FOLLOW_UP_MESSAGES.forbidden);
    if (only && role !== only)
      return apiError(
        403,
        only === 'adopter' ? FOLLOW_UP_MESSAGES.onlyAdopter : FOLLOW_UP_MESSAGES.notRescuer,
      );
    return {
      stored,
      ...stored.detail,
      adoption: { ...stored.detail.adoption, role } as Adoption,
    };
  };
  const present = (dog: Parameters<MockDb['present']>[0]) => dogSchema.parse(db.present(dog));
  const presentInterest = (stored: StoredInterest): Interest => {
    const dog = db.dogs.find((d) => d.id === stored.dogId)!;
    const sender = db.users.find((u) => u.id === stored.senderId)!;
    return {
      id: stored.id,
      dog: { id: dog.id, name: dog.name },
      sender: { name: sender.name, email: sender.email },
      message: stored.message,
      phone: stored.phone,
      state: stored.state,
      history: stored.history ?? [{ state: 'new', at: stored.created_at }],
      profile: stored.profile ?? null,
      created_at: stored.created_at,
      updated_at: stored.updated_at,
    };
  };

  return [
    http.post(`${API}/user/userLogin`, async ({ request }) => {
      await wait();
      const parsed = loginSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const user = db.users.find(
        (u) =>
          u.email.toLowerCase() === parsed.data.email.toLowerCase() &&
          u.password === parsed.data.password,
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

    http.get(`${API}/site`, () => HttpResponse.json(TEST_SITE)),

    http.get(`${API}/user/me`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json({ user: toApiUser(user) });
    }),

    http.get(`${API}/user/account`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json({ user: { ...toApiUser(user), phone: user.phone ?? null } });
    }),

    http.patch(`${API}/user/me`, async ({ request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = updateProfileSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (parsed.data.name !== undefined) user.name = parsed.data.name;
      if (parsed.data.phone !== undefined) user.phone = parsed.data.phone;
      changed();
      return HttpResponse.json({ user: { ...toApiUser(user), phone: user.phone ?? null } });
    }),

    http.post(`${API}/user/password`, async ({ request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = changePasswordSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (parsed.data.current !== user.password) {
        return apiError(403, 'La contraseña actual no es correcta');
      }
      user.password = parsed.data.password;
      changed();
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(`${API}/user/logout-all`, async () => {
      await wait();
      if (!db.sessionUser) return apiError(401, MESSAGES.notLoggedIn);
      db.sessionUserId = null;
      changed();
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(`${API}/user/export`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const data = {
        exported_at: new Date().toISOString(),
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone ?? null,
          role: user.role,
        },
        dogs: db.dogs.filter((dog) => dog.hostage_id === user.id),
      };
      return HttpResponse.json(data, {
        headers: {
          'content-disposition': 'attachment; filename="happy-dog-mis-datos-2026-11-23.json"',
        },
      });
    }),

    http.delete(`${API}/user/me`, async ({ request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = deleteAccountSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (parsed.data.password !== user.password)
        return apiError(403, 'La contraseña no es correcta');
      db.users = db.users.filter((u) => u.id !== user.id);
      db.dogs = db.dogs.filter((dog) => dog.hostage_id !== user.id);
      db.sessionUserId = null;
      changed();
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(`${API}/user/password-reset`, async ({ request }) => {
      await wait();
      const parsed = passwordResetRequestSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const user = db.users.find((u) => u.email.toLowerCase() === parsed.data.email.toLowerCase());
      if (user)
        db.resetTokens.set(
          `${'t'.repeat(40)}${String(db.resetTokens.size).padStart(3, '0')}`,
          user.id,
        );
      changed();
      return HttpResponse.json({ message: PASSWORD_RESET_REQUESTED }, { status: 202 });
    }),

    http.post(`${API}/user/password-reset/confirm`, async ({ request }) => {
      await wait();
      const parsed = passwordResetConfirmSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const userId = db.resetTokens.get(parsed.data.token);
      const user = db.users.find((u) => u.id === userId);
      if (!user) return apiError(400, RESET_LINK_INVALID);
      db.resetTokens.delete(parsed.data.token);
      user.password = parsed.data.password;
      if (db.sessionUserId === user.id) db.sessionUserId = null;
      changed();
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(`${API}/photos`, async ({ request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        return apiError(415, PHOTO_MESSAGES.notMultipart);
      }
      // Duck-typed: under jsdom the part is a File of another realm than the test's Blob.
      const file = form.get('file');
      if (typeof file !== 'object' || file === null || !('size' in file))
        return apiError(400, PHOTO_MESSAGES.missingFile);
      if (file.size > PHOTO_MAX_BYTES) return apiError(413, PHOTO_MESSAGES.tooLarge);
      if (!file.type.startsWith('image/')) return apiError(415, PHOTO_MESSAGES.notAnImage);
      const photo = mockPhoto(db.nextPhotoId());
      db.photos.push({ ...photo, ownerId: user.id });
      changed();
      return HttpResponse.json({ photo }, { status: 201 });
    }),

    http.get(`${API}/dog`, async ({ request }) => {
      await wait();
      const query = dogListQuerySchema.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
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
      await wait();
      const query = dogCountQuerySchema.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!query.success) return apiError(400, firstIssue(query.error));
      const found = db.dogs.filter((dog) => matches(dog, query.data)).length;
      return HttpResponse.json(
        found > DOG_COUNT_CAP
          ? { count: DOG_COUNT_CAP, more: true }
          : { count: found, more: false },
      );
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
      const { photo_ids: photoIds = [], ...fields } = parsed.data;
      const photos = db.resolvePhotos(photoIds, user.id);
      if (typeof photos[0] === 'number') return apiError(photos[0], photos[1] as string);
      const dog = { ...fields, id: db.nextDogId(), hostage_id: user.id, photos: photos as Photo[] };
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
      const { photo_ids: photoIds, ...fields } = parsed.data;
      const photos =
        photoIds === undefined ? current.photos : db.resolvePhotos(photoIds, user.id, current.id);
      if (typeof photos?.[0] === 'number') return apiError(photos[0], photos[1] as string);
      const dog = { ...current, ...fields, photos: photos as Photo[] | undefined };
      db.dogs[index] = dog;
      changed();
      return HttpResponse.json({ dog: present(dog) });
    }),

    http.get(`${API}/me/favorites`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const ids = db.favorites.get(user.id) ?? [];
      const saved = ids.flatMap((id) => db.dogs.filter((dog) => dog.id === id));
      return HttpResponse.json(saved.map(present));
    }),

    http.put(`${API}/me/favorites/:dogId`, async ({ params }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = favoriteDogParamSchema.safeParse(params);
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const { dogId } = parsed.data;
      if (!db.dogs.some((dog) => dog.id === dogId)) return apiError(404, MESSAGES.dogNotFound);
      const ids = (db.favorites.get(user.id) ?? []).filter((id) => id !== dogId);
      db.favorites.set(user.id, [dogId, ...ids]);
      changed();
      return new HttpResponse(null, { status: 204 });
    }),

    http.delete(`${API}/me/favorites/:dogId`, async ({ params }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = favoriteDogParamSchema.safeParse(params);
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      const ids = db.favorites.get(user.id) ?? [];
      db.favorites.set(
        user.id,
        ids.filter((id) => id !== parsed.data.dogId),
      );
      changed();
      return new HttpResponse(null, { status: 204 });
    }),

    // Organizations: none unless a test declares its own (server.use).
    http.get(`${API}/me/orgs`, async () => {
      await wait();
      if (!db.sessionUser) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json([]);
    }),

    http.get(`${API}/me/dogs`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const own = db.dogs.filter((dog) => dog.hostage_id === user.id).sort((a, b) => b.id - a.id);
      return HttpResponse.json(own.map(present));
    }),

    http.post(`${API}/dog/:id/interest`, async ({ request, params }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const id = dogIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      const dog = db.dogs.find((d) => d.id === id.data.id);
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      if (dog.hostage_id === user.id) return apiError(403, INTEREST_MESSAGES.ownDog);
      const parsed = interestInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      if (dog.status === 'adopted') return apiError(409, INTEREST_MESSAGES.adopted);
      const profile = db.adopterProfiles.get(user.id) ?? null;
      if (!meetsSterilizationRule(dog, profile)) return apiError(409, STERILIZATION_RULE_MESSAGE);
      const open = db.interests.some(
        (i) => i.dogId === dog.id && i.senderId === user.id && isOpenInterest(i.state),
      );
      if (open) return apiError(409, INTEREST_MESSAGES.alreadyOpen);
      const now = new Date().toISOString();
      const stored: StoredInterest = {
        id: Math.max(0, ...db.interests.map((i) => i.id)) + 1,
        dogId: dog.id,
        senderId: user.id,
        message: parsed.data.message,
        phone: parsed.data.phone ?? null,
        state: 'new',
        history: [{ state: 'new', at: now }],
        profile: profile && { ...profile },
        created_at: now,
        updated_at: now,
      };
      db.interests.push(stored);
      changed();
      return HttpResponse.json({ interest: presentInterest(stored) }, { status: 201 });
    }),

    http.get(`${API}/me/interests`, async ({ request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const query = interestBoxQuerySchema.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!query.success) return apiError(400, firstIssue(query.error));
      const mine = (i: StoredInterest) =>
        query.data.box === 'sent'
          ? i.senderId === user.id
          : db.dogs.some((d) => d.id === i.dogId && d.hostage_id === user.id);
      const list = db.interests.filter(mine).reverse();
      return HttpResponse.json(list.map(presentInterest));
    }),

    http.patch(`${API}/interest/:id`, async ({ request, params }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const id = interestIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      const body = interestStateInputSchema.safeParse(await readJson(request));
      if (!body.success) return apiError(400, firstIssue(body.error));
      const stored = db.interests.find((i) => i.id === id.data.id);
      if (!stored) return apiError(404, INTEREST_MESSAGES.notFound);
      const dog = db.dogs.find((d) => d.id === stored.dogId);
      const actor =
        dog?.hostage_id === user.id
          ? 'rescuer'
          : stored.senderId === user.id
            ? 'applicant'
            : undefined;
      if (!actor) return apiError(403, INTEREST_MESSAGES.notDogOwner);
      const refusal = interestTransitionError(actor, stored.state, body.data.state);
      if (refusal) return apiError(refusal.status, refusal.error);
      if (stored.state !== body.data.state) {
        const at = new Date().toISOString();
        stored.history = [
          ...(stored.history ?? [{ state: 'new', at: stored.created_at }]),
          { state: body.data.state, at, ...(body.data.note ? { note: body.data.note } : {}) },
        ];
        stored.state = body.data.state;
        stored.updated_at = at;
      }
      changed();
      return HttpResponse.json({ interest: presentInterest(stored) });
    }),

    // Alerts ("Avísame"): none unless a test says otherwise (test/web/alerts.test.tsx).
    http.get(`${API}/me/alerts`, () => HttpResponse.json([])),
    http.get(`${API}/me/adopter-profile`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      return HttpResponse.json({ profile: db.adopterProfiles.get(user.id) ?? null });
    }),

    http.put(`${API}/me/adopter-profile`, async ({ request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const parsed = adopterProfileInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      db.adopterProfiles.set(user.id, parsed.data);
      changed();
      return HttpResponse.json({ profile: parsed.data });
    }),

    http.get(`${API}/dog/:id/response-time`, async ({ params }) => {
      await wait();
      const id = dogIdParamSchema.safeParse(params);
      if (!id.success) return apiError(400, firstIssue(id.error));
      if (!db.dogs.some((d) => d.id === id.data.id)) return apiError(404, MESSAGES.dogNotFound);
      return HttpResponse.json(
        db.responseTimes.get(id.data.id) ?? { median_minutes: null, requests: 0 },
      );
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
      db.interests = db.interests.filter((i) => i.dogId !== dog.id);
      changed();
      return new HttpResponse(null, { status: 204 });
    }),

    // Closing an adoption and its follow-up.
    http.post(`${API}/dog/:id/adoption`, async ({ params, request }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const dog = db.dogs.find((d) => d.id === Number(params.id));
      if (!dog) return apiError(404, MESSAGES.dogNotFound);
      if (dog.hostage_id !== user.id) return apiError(403, FOLLOW_UP_MESSAGES.notOwner);
      const body = (await readJson(request)) as { interest_id?: number };
      const interest = db.interests.find((i) => i.id === body.interest_id && i.dogId === dog.id);
      if (!interest) return apiError(404, FOLLOW_UP_MESSAGES.interestNotFound);
      if (interest.state !== 'approved')
        return apiError(409, FOLLOW_UP_MESSAGES.interestNotApproved);
      const adopter = db.users.find((u) => u.id === interest.senderId)!;
      const id = Math.max(0, ...db.adoptions.map((a) => a.detail.adoption.id)) + 1;
      const stored = {
        rescuerId: user.id,
        adopterId: adopter.id,
        detail: {
          adoption: {
            id,
            state: 'pending' as const,
            dog: { id: dog.id, name: dog.name, image: dog.image },
            rescuer: { name: user.name, email: user.email },
            adopter: { name: adopter.name, email: adopter.email },
            interest_id: interest.id,
            acta_version: null,
            acta: actaText(dog.name, dog.sterilized ? null : '2026-05-01'),
            created_at: new Date().toISOString(),
            accepted_at: null,
            returned_at: null,
            return_note: null,
            cancelled_at: null,
            share_consent: false,
            role: 'rescuer' as const,
            overdue: false,
          },
          checkins: [],
          sterilization: {
            required: !dog.sterilized,
            due: dog.sterilized ? null : '2026-05-01',
            done_on: null,
            clinic: null,
            photo: null,
            recorded_at: null,
            overdue: false,
          },
        },
      };
      db.adoptions.push(stored);
      changed();
      return HttpResponse.json({ adoption: stored.detail.adoption }, { status: 201 });
    }),

    http.get(`${API}/me/adoptions`, async () => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const mine = db.adoptions
        .filter(
          (a) =>
            (a.rescuerId === user.id || a.adopterId === user.id) &&
            a.detail.adoption.state !== 'cancelled',
        )
        .map((a): Adoption => ({
          ...a.detail.adoption,
          role: a.rescuerId === user.id ? 'rescuer' : 'adopter',
        }));
      return HttpResponse.json([
        ...mine.filter((a) => a.overdue),
        ...mine.filter((a) => !a.overdue),
      ]);
    }),

    http.get(`${API}/adoptions/:id`, async ({ params }) => {
      await wait();
      const found = adoptionFor(Number(params.id));
      if (found instanceof Response) return found;
      return HttpResponse.json(found);
    }),

    http.post(`${API}/adoptions/:id/accept`, async ({ params }) => {
      await wait();
      const found = adoptionFor(Number(params.id), 'adopter');
      if (found instanceof Response) return found;
      if (found.adoption.state !== 'pending') return apiError(409, FOLLOW_UP_MESSAGES.notPending);
      Object.assign(found.stored.detail.adoption, {
        state: 'active',
        accepted_at: new Date().toISOString(),
        acta_version: ACTA_VERSION,
      });
      const dog = db.dogs.find((d) => d.id === found.adoption.dog.id);
      if (dog) dog.status = 'adopted';
      changed();
      return HttpResponse.json({ adoption: { ...found.stored.detail.adoption, role: 'adopter' } });
    }),

    http.patch(`${API}/adoptions/:id`, async ({ params, request }) => {
      await wait();
      const found = adoptionFor(Number(params.id), 'adopter');
      if (found instanceof Response) return found;
      const body = (await readJson(request)) as { share_consent?: unknown };
      if (typeof body.share_consent !== 'boolean')
        return apiError(400, 'share_consent debe ser true o false');
      found.stored.detail.adoption.share_consent = body.share_consent;
      changed();
      return HttpResponse.json({ adoption: { ...found.stored.detail.adoption, role: 'adopter' } });
    }),

    http.post(`${API}/adoptions/:id/return`, async ({ params }) => {
      await wait();
      const found = adoptionFor(Number(params.id), 'rescuer');
      if (found instanceof Response) return found;
      if (found.adoption.state !== 'active') return apiError(409, FOLLOW_UP_MESSAGES.notActive);
      Object.assign(found.stored.detail.adoption, {
        state: 'returned',
        returned_at: new Date().toISOString(),
      });
      changed();
      return HttpResponse.json({ adoption: { ...found.stored.detail.adoption, role: 'rescuer' } });
    }),

    http.post(`${API}/adoptions/:id/cancel`, async ({ params }) => {
      await wait();
      const user = db.sessionUser;
      if (!user) return apiError(401, MESSAGES.notLoggedIn);
      const stored = db.adoptions.find((a) => a.detail.adoption.id === Number(params.id));
      if (!stored) return apiError(404, FOLLOW_UP_MESSAGES.notFound);
      if (stored.rescuerId !== user.id)
        return apiError(
          403,
          stored.adopterId === user.id
            ? FOLLOW_UP_MESSAGES.notRescuerCancel
            : FOLLOW_UP_MESSAGES.forbidden,
        );
      if (stored.detail.adoption.state !== 'pending')
        return apiError(409, FOLLOW_UP_MESSAGES.notCancellable);
      Object.assign(stored.detail.adoption, {
        state: 'cancelled',
        cancelled_at: new Date().toISOString(),
      });
      changed();
      return HttpResponse.json({ adoption: { ...stored.detail.adoption, role: 'rescuer' } });
    }),

    http.post(`${API}/adoptions/:id/sterilization`, async ({ params, request }) => {
      await wait();
      const found = adoptionFor(Number(params.id), 'adopter');
      if (found instanceof Response) return found;
      const parsed = sterilizationInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      Object.assign(found.stored.detail.sterilization, {
        done_on: parsed.data.date,
        clinic: parsed.data.clinic ?? null,
        recorded_at: new Date().toISOString(),
        overdue: false,
      });
      changed();
      return HttpResponse.json({ ...found.stored.detail, adoption: found.adoption });
    }),

    http.get(`${API}/checkins/:token`, async ({ params }) => {
      await wait();
      const token = String(params.token);
      const checkin = db.checkins.get(token);
      if (!checkin) return apiError(404, FOLLOW_UP_MESSAGES.checkinNotFound);
      if (db.checkinAnswers.has(token)) return apiError(410, FOLLOW_UP_MESSAGES.checkinUsed);
      return HttpResponse.json({ checkin });
    }),

    http.post(`${API}/checkins/:token/photos`, async ({ params }) => {
      await wait();
      const token = String(params.token);
      if (!db.checkins.has(token)) return apiError(404, FOLLOW_UP_MESSAGES.checkinNotFound);
      if (db.checkinAnswers.has(token)) return apiError(410, FOLLOW_UP_MESSAGES.checkinUsed);
      const photo = mockPhoto(db.nextPhotoId());
      db.photos.push({ ...photo, ownerId: 0 });
      return HttpResponse.json({ photo }, { status: 201 });
    }),

    http.post(`${API}/checkins/:token`, async ({ params, request }) => {
      await wait();
      const token = String(params.token);
      if (!db.checkins.has(token)) return apiError(404, FOLLOW_UP_MESSAGES.checkinNotFound);
      if (db.checkinAnswers.has(token)) return apiError(410, FOLLOW_UP_MESSAGES.checkinUsed);
      const parsed = checkinInputSchema.safeParse(await readJson(request));
      if (!parsed.success) return apiError(400, firstIssue(parsed.error));
      db.checkinAnswers.set(token, parsed.data);
      changed();
      const answered_at = new Date().toISOString();
      return HttpResponse.json(
        { checkin: { status: parsed.data.status, answered_at } },
        { status: 201 },
      );
    }),

    http.get(`${API}/happy-endings`, async () => {
      await wait();
      return HttpResponse.json(db.happyEndings);
    }),

    http.get(`${API}/dog/:id/today`, async ({ params }) => {
      await wait();
      const today = db.happyEndings.find((h) => h.dog.id === Number(params.id)) ?? null;
      return HttpResponse.json({ today });
    }),
  ];
}
