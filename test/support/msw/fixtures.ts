// Requests every default MSW handler answers, in an order where each builds on the answers before
// it (register, upload a photo, publish a dog with it, apply for it, close the adoption, …).
// test/server/msw-contract.test.ts sends them to the handlers and to the real app and fails where
// the two answer differently; a handler no request reaches fails it too.
import type { LostFoundFlagGroup } from '@/shared/lost-found';
import type { MockUser } from './mock-db';

/** The accounts both sides start with; `as` names one by its key. */
export const FIXTURE_USERS = {
  ana: {
    name: 'Ana Rescatista',
    email: 'ana@example.com',
    password: 'perro-feliz-ana-2025',
    role: 'user',
  },
  bea: {
    name: 'Bea Adoptante',
    email: 'bea@example.com',
    password: 'perro-feliz-bea-2025',
    role: 'user',
  },
  admin: {
    name: 'Alba Admin',
    email: 'admin@example.com',
    password: 'perro-feliz-admin-25',
    role: 'admin',
  },
} as const;
/** An account a request creates on both sides, so it may log in later. */
const carla = { name: 'Carla Nueva', email: 'carla@example.com', password: 'perro-feliz-carla-25' };

export type FixtureUser = keyof typeof FIXTURE_USERS | 'carla';
const ACCOUNTS: Record<FixtureUser, { email: string; password: string }> = {
  ...FIXTURE_USERS,
  carla,
};

/** The ids a side gave out so far (each side numbers its own records). */
export type FixtureIds = Record<string, number>;

type JsonObject = Record<string, unknown>;

export interface FixtureRequest {
  /** What the request shows, for the test's name. */
  name: string;
  /** Whose session sends it; none when absent. */
  as?: FixtureUser;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string | ((ids: FixtureIds) => string);
  /** A JSON body. */
  json?: JsonObject | ((ids: FixtureIds) => JsonObject);
  /** A multipart body with one file part named `file`. */
  file?: 'jpeg';
  /** Records ids of the answer's body under names later requests use. */
  keep?: (body: never, ids: FixtureIds) => void;
}

/** The accounts as the MockDb stores them, ids in the order the real side creates them. */
export function fixtureMockUsers(): MockUser[] {
  return Object.values(FIXTURE_USERS).map((user, i) => ({ id: i + 1, ...user }));
}

export const accountOf = (user: FixtureUser) => ACCOUNTS[user];

/** The complaints the admins' handlers (lostFoundFlagHandlers) start with. */
export const FIXTURE_FLAG_GROUPS: LostFoundFlagGroup[] = [
  {
    report: { id: 11, kind: 'lost', name: 'Luna', zone_name: 'Cali – Comuna 17', hidden: false },
    reporter: { id: 3, name: 'Rosa Reporta', email: 'rosa@example.com' },
    count: 1,
    flags: [
      {
        id: 110,
        reason: 'spam',
        details: 'Pide plata por adelantado',
        created_at: '2026-11-21T15:00:00.000Z',
        by: { id: 20, name: 'Persona 1', email: 'p1@example.com' },
      },
    ],
  },
];

const dog = {
  name: 'Firulais',
  city: 'Cali',
  height: '40 cm',
  weight: '12 kg',
  life_span: '12 años',
  personality: 'Juguetón y tranquilo con los niños',
  image: 'https://example.com/firulais.jpg',
};
const profile = {
  housing: 'house',
  owns_home: true,
  adults: 2,
  children: 0,
  household_agrees: true,
  hours_alone: 4,
  sleeps_where: 'Dentro de la casa',
  zone: 'cali-comuna-2',
  will_sterilize: true,
  accepts_follow_up: true,
};
const interest = { message: 'Tenemos patio grande y mucho tiempo para él.' };
const unknownToken = 'x'.repeat(43);
const newPassword = 'otra-clave-muy-segura-77';

export const FIXTURE_REQUESTS: FixtureRequest[] = [
  { name: 'site identity', method: 'GET', path: '/api/site' },

  // Session
  {
    name: 'register',
    method: 'POST',
    path: '/api/user/userRegister',
    json: { ...carla, passwordValidate: carla.password, consent: true },
  },
  {
    name: 'register a taken e-mail',
    method: 'POST',
    path: '/api/user/userRegister',
    json: { ...carla, passwordValidate: carla.password, consent: true },
  },
  {
    name: 'register without fields',
    method: 'POST',
    path: '/api/user/userRegister',
    json: { email: 'x' },
  },
  {
    name: 'login',
    method: 'POST',
    path: '/api/user/userLogin',
    json: { email: carla.email, password: carla.password },
  },
  {
    name: 'login with a wrong password',
    method: 'POST',
    path: '/api/user/userLogin',
    json: { email: carla.email, password: 'no-es-esta-clave' },
  },
  { name: 'the session user', as: 'ana', method: 'GET', path: '/api/user/me' },
  { name: 'the session user, logged out', method: 'GET', path: '/api/user/me' },
  { name: 'logout', as: 'carla', method: 'GET', path: '/api/user/userLogout' },

  // Account
  { name: 'account', as: 'ana', method: 'GET', path: '/api/user/account' },
  { name: 'account, logged out', method: 'GET', path: '/api/user/account' },
  {
    name: 'profile update',
    as: 'ana',
    method: 'PATCH',
    path: '/api/user/me',
    json: { name: 'Ana María', phone: '+57 300 123 4567' },
  },
  {
    name: 'password change with a wrong current one',
    as: 'carla',
    method: 'POST',
    path: '/api/user/password',
    json: { current: 'no-es-esta-clave', password: newPassword, passwordValidate: newPassword },
  },
  {
    name: 'password change',
    as: 'carla',
    method: 'POST',
    path: '/api/user/password',
    json: { current: carla.password, password: newPassword, passwordValidate: newPassword },
  },
  { name: 'logout everywhere', as: 'carla', method: 'POST', path: '/api/user/logout-all' },
  { name: 'data export', as: 'ana', method: 'GET', path: '/api/user/export' },
  {
    name: 'password reset request',
    method: 'POST',
    path: '/api/user/password-reset',
    json: { email: carla.email },
  },
  {
    name: 'password reset with an unknown link',
    method: 'POST',
    path: '/api/user/password-reset/confirm',
    json: { token: unknownToken, password: newPassword, passwordValidate: newPassword },
  },
  {
    name: 'account deletion with a wrong password',
    as: 'carla',
    method: 'DELETE',
    path: '/api/user/me',
    json: { password: carla.password },
  },
  {
    name: 'account deletion',
    as: 'carla',
    method: 'DELETE',
    path: '/api/user/me',
    json: { password: newPassword },
  },

  // Photos
  {
    name: 'photo upload',
    as: 'ana',
    method: 'POST',
    path: '/api/photos',
    file: 'jpeg',
    keep: (body: { photo: { id: number } }, ids) => {
      ids.photo = body.photo.id;
    },
  },
  { name: 'photo upload, logged out', method: 'POST', path: '/api/photos', file: 'jpeg' },

  // Dogs
  {
    name: 'publish a dog with a photo',
    as: 'ana',
    method: 'POST',
    path: '/api/dog',
    json: (ids) => ({ ...dog, photo_ids: [ids.photo] }),
    keep: (body: { dog: { id: number } }, ids) => {
      ids.dog = body.dog.id;
    },
  },
  {
    name: 'publish a second dog',
    as: 'ana',
    method: 'POST',
    path: '/api/dog',
    json: { ...dog, name: 'Canela' },
    keep: (body: { dog: { id: number } }, ids) => {
      ids.dog2 = body.dog.id;
    },
  },
  { name: 'publish a dog without a name', as: 'ana', method: 'POST', path: '/api/dog', json: {} },
  { name: 'publish a dog, logged out', method: 'POST', path: '/api/dog', json: dog },
  { name: 'catalogue', method: 'GET', path: '/api/dog?limit=24' },
  { name: 'catalogue, logged in', as: 'bea', method: 'GET', path: '/api/dog?q=firulais' },
  { name: 'catalogue with a bad limit', method: 'GET', path: '/api/dog?limit=abc' },
  { name: 'catalogue count', method: 'GET', path: '/api/dog/count?city=Cali' },
  { name: 'a dog', method: 'GET', path: (ids) => `/api/dog/${ids.dog}` },
  { name: 'a dog, logged in', as: 'bea', method: 'GET', path: (ids) => `/api/dog/${ids.dog}` },
  { name: 'an unknown dog', method: 'GET', path: '/api/dog/987654' },
  { name: 'a bad dog id', method: 'GET', path: '/api/dog/uno' },
  {
    name: 'edit a dog',
    as: 'ana',
    method: 'PUT',
    path: (ids) => `/api/dog/${ids.dog}`,
    json: (ids) => ({ ...dog, name: 'Firulais II', photo_ids: [ids.photo] }),
  },
  {
    name: "edit another's dog",
    as: 'bea',
    method: 'PUT',
    path: (ids) => `/api/dog/${ids.dog}`,
    json: dog,
  },
  { name: 'my dogs', as: 'ana', method: 'GET', path: '/api/me/dogs' },
  { name: 'my dogs, logged out', method: 'GET', path: '/api/me/dogs' },
  {
    name: 'response time',
    method: 'GET',
    path: (ids) => `/api/dog/${ids.dog}/response-time`,
  },

  // Favorites
  { name: 'save a dog', as: 'bea', method: 'PUT', path: (ids) => `/api/me/favorites/${ids.dog}` },
  { name: 'save an unknown dog', as: 'bea', method: 'PUT', path: '/api/me/favorites/987654' },
  { name: 'saved dogs', as: 'bea', method: 'GET', path: '/api/me/favorites' },
  { name: 'saved dogs, logged out', method: 'GET', path: '/api/me/favorites' },
  {
    name: 'unsave a dog',
    as: 'bea',
    method: 'DELETE',
    path: (ids) => `/api/me/favorites/${ids.dog}`,
  },

  // Organizations and alerts (none by default)
  { name: 'my organizations', as: 'ana', method: 'GET', path: '/api/me/orgs' },
  { name: 'my organizations, logged out', method: 'GET', path: '/api/me/orgs' },
  { name: 'my alerts', as: 'ana', method: 'GET', path: '/api/me/alerts' },
  { name: 'my alerts, logged out', method: 'GET', path: '/api/me/alerts' },

  // Applications ("Me interesa") and the adopter profile
  { name: 'no adopter profile yet', as: 'bea', method: 'GET', path: '/api/me/adopter-profile' },
  {
    name: 'adopter profile',
    as: 'bea',
    method: 'PUT',
    path: '/api/me/adopter-profile',
    json: profile,
  },
  {
    name: 'adopter profile without fields',
    as: 'bea',
    method: 'PUT',
    path: '/api/me/adopter-profile',
    json: { housing: 'castillo' },
  },
  {
    name: 'apply for a dog',
    as: 'bea',
    method: 'POST',
    path: (ids) => `/api/dog/${ids.dog}/interest`,
    json: interest,
    keep: (body: { interest: { id: number } }, ids) => {
      ids.interest = body.interest.id;
    },
  },
  {
    name: 'apply twice',
    as: 'bea',
    method: 'POST',
    path: (ids) => `/api/dog/${ids.dog}/interest`,
    json: interest,
  },
  {
    name: 'apply for one’s own dog',
    as: 'ana',
    method: 'POST',
    path: (ids) => `/api/dog/${ids.dog}/interest`,
    json: interest,
  },
  {
    name: 'apply for the second dog',
    as: 'bea',
    method: 'POST',
    path: (ids) => `/api/dog/${ids.dog2}/interest`,
    json: interest,
    keep: (body: { interest: { id: number } }, ids) => {
      ids.interest2 = body.interest.id;
    },
  },
  { name: 'received requests', as: 'ana', method: 'GET', path: '/api/me/interests?box=received' },
  { name: 'sent requests', as: 'bea', method: 'GET', path: '/api/me/interests?box=sent' },
  {
    name: 'approve a request',
    as: 'ana',
    method: 'PATCH',
    path: (ids) => `/api/interest/${ids.interest}`,
    json: { state: 'approved' },
  },
  {
    name: 'approve the second request',
    as: 'ana',
    method: 'PATCH',
    path: (ids) => `/api/interest/${ids.interest2}`,
    json: { state: 'approved' },
  },
  {
    name: 'an applicant cannot approve',
    as: 'bea',
    method: 'PATCH',
    path: (ids) => `/api/interest/${ids.interest}`,
    json: { state: 'approved' },
  },

  // Adoptions and their follow-up
  {
    name: 'close an adoption',
    as: 'ana',
    method: 'POST',
    path: (ids) => `/api/dog/${ids.dog}/adoption`,
    json: (ids) => ({ interest_id: ids.interest }),
    keep: (body: { adoption: { id: number } }, ids) => {
      ids.adoption = body.adoption.id;
    },
  },
  {
    name: 'close an adoption of the second dog',
    as: 'ana',
    method: 'POST',
    path: (ids) => `/api/dog/${ids.dog2}/adoption`,
    json: (ids) => ({ interest_id: ids.interest2 }),
    keep: (body: { adoption: { id: number } }, ids) => {
      ids.adoption2 = body.adoption.id;
    },
  },
  {
    name: 'cancel a pending adoption',
    as: 'ana',
    method: 'POST',
    path: (ids) => `/api/adoptions/${ids.adoption2}/cancel`,
  },
  { name: 'my adoptions', as: 'bea', method: 'GET', path: '/api/me/adoptions' },
  {
    name: 'an adoption',
    as: 'bea',
    method: 'GET',
    path: (ids) => `/api/adoptions/${ids.adoption}`,
  },
  {
    name: 'the rescuer cannot accept',
    as: 'ana',
    method: 'POST',
    path: (ids) => `/api/adoptions/${ids.adoption}/accept`,
  },
  {
    name: 'accept the acta',
    as: 'bea',
    method: 'POST',
    path: (ids) => `/api/adoptions/${ids.adoption}/accept`,
  },
  {
    name: 'consent to share',
    as: 'bea',
    method: 'PATCH',
    path: (ids) => `/api/adoptions/${ids.adoption}`,
    json: { share_consent: true },
  },
  {
    name: 'record the sterilization',
    as: 'bea',
    method: 'POST',
    path: (ids) => `/api/adoptions/${ids.adoption}/sterilization`,
    json: { date: '2025-01-10', clinic: 'Clínica Veterinaria del Sur' },
  },
  {
    name: 'a return',
    as: 'ana',
    method: 'POST',
    path: (ids) => `/api/adoptions/${ids.adoption}/return`,
    json: { note: 'No se adaptó a la casa' },
  },
  { name: 'an unknown check-in', method: 'GET', path: `/api/checkins/${unknownToken}` },
  {
    name: 'a photo for an unknown check-in',
    method: 'POST',
    path: `/api/checkins/${unknownToken}/photos`,
    file: 'jpeg',
  },
  {
    name: 'answer an unknown check-in',
    method: 'POST',
    path: `/api/checkins/${unknownToken}`,
    json: { status: 'ok', message: 'Todo muy bien' },
  },
  { name: 'happy endings', method: 'GET', path: '/api/happy-endings' },
  { name: 'a dog today', method: 'GET', path: (ids) => `/api/dog/${ids.dog}/today` },

  // Moderation of lost and found complaints
  {
    name: 'open complaints',
    as: 'admin',
    method: 'GET',
    path: '/api/admin/lost-found/reports',
  },
  {
    name: 'hide an unknown report',
    as: 'admin',
    method: 'POST',
    path: '/api/admin/lost-found/987654/hide',
    json: { reason: 'Información falsa' },
  },
  {
    name: 'restore an unknown report',
    as: 'admin',
    method: 'POST',
    path: '/api/admin/lost-found/987654/restore',
  },

  // Deleting a dog last: the requests above refer to it.
  {
    name: "delete another's dog",
    as: 'bea',
    method: 'DELETE',
    path: (ids) => `/api/dog/${ids.dog2}`,
  },
  { name: 'delete a dog', as: 'ana', method: 'DELETE', path: (ids) => `/api/dog/${ids.dog2}` },
];
