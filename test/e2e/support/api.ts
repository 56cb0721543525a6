// Arranging data through the real API (users, sessions, dogs) where the UI is not under test.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export interface ApiUser {
  id: number;
  name: string;
  email: string;
  role: string;
}

export interface ApiDog {
  id: number;
  name: string;
  city: string;
  height: string;
  weight: string;
  life_span: string;
  personality: string;
  image: string;
  hostage_id: number;
  user?: { name: string; email: string };
  // The profile (optional when creating).
  sex?: 'male' | 'female' | null;
  size?: 'small' | 'medium' | 'large' | null;
  age_months?: number | null;
  sterilized?: boolean | null;
  status?: 'available' | 'pending' | 'adopted';
}

/** Every editable field of a dog. */
export type DogFields = Omit<ApiDog, 'id' | 'hostage_id' | 'user'>;

const first = ['Lucía', 'Andrés', 'Valentina', 'Mateo', 'Camila', 'Santiago', 'Isabella', 'Julián'];
const last = [
  'Gómez',
  'Rodríguez',
  'Martínez',
  'López',
  'Hernández',
  'Ramírez',
  'Torres',
  'Vargas',
];
const dogNames = [
  'Luna',
  'Rocky',
  'Canela',
  'Toby',
  'Manchas',
  'Kira',
  'Bruno',
  'Nala',
  'Coco',
  'Max',
];
const cities = ['Cali', 'Jamundí', 'Palmira', 'Yumbo', 'Candelaria', 'Dagua'];

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const tag = () => randomUUID().slice(0, 8);

// Consecutive users of one worker get different names (64 before one repeats): a journey with
// several accounts tells them apart by name, as the admin screen's buttons do.
let nameIndex = Math.floor(Math.random() * first.length * last.length);

export function newUser(): TestUser {
  const id = tag();
  const n = nameIndex++;
  return {
    name: `${first[n % first.length]} ${last[Math.floor(n / first.length) % last.length]}`,
    email: `e2e-${id}@example.com`,
    password: `Perro-${id}-seguro`,
  };
}

/** A unique, recognisable dog name (e.g. "Canela 3f9a1c2b"). */
export function newDogName(): string {
  return `${pick(dogNames)} ${tag()}`;
}

export function newDog(overrides: Partial<DogFields> = {}): DogFields {
  return {
    name: newDogName(),
    city: pick(cities),
    height: '45 cm',
    weight: '12 kg',
    life_span: '12 años',
    personality: 'Juguetón, cariñoso y muy sociable con otros perros.',
    image: '',
    ...overrides,
  };
}

export async function registerUser(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post('/api/user/userRegister', {
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      passwordValidate: user.password,
      consent: true,
    },
  });
  expect(res.status(), `register ${user.email}: ${await res.text()}`).toBe(201);
}

/** Logs in on `request`; when it is a browser context's request, the page shares the cookie. */
export async function loginUser(request: APIRequestContext, user: TestUser): Promise<ApiUser> {
  const res = await request.post('/api/user/userLogin', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), `login ${user.email}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { user: ApiUser }).user;
}

export async function createDog(
  request: APIRequestContext,
  dog: Partial<DogFields> & { name: string },
): Promise<ApiDog> {
  const res = await request.post('/api/dog', { data: dog });
  expect(res.status(), `create dog: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { dog: ApiDog }).dog;
}

export async function getDog(request: APIRequestContext, id: number) {
  return request.get(`/api/dog/${id}`);
}

export async function listDogs(request: APIRequestContext, limit = 24): Promise<ApiDog[]> {
  const res = await request.get(`/api/dog?limit=${limit}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiDog[];
}

export async function sessionCookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  expect(cookies.length, 'the browser holds a session cookie').toBeGreaterThan(0);
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
