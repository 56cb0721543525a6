// The data the server embeds in the landing page (src/server/http/landing.ts): the session's
// user and the first page of dogs. Seeding TanStack Query with it lets the app draw the carousel
// on its first render, without asking GET /api/user/me and GET /api/dog again.
import type { QueryClient } from '@tanstack/react-query';
import { dogKeys } from '@/features/dogs/api/dog-keys';
import type { DogPages } from '@/features/dogs/api/get-dogs';
import { sessionKeys } from '@/features/session/api/session-keys';
import type { Dog } from '@/shared/dog';
import type { User } from '@/shared/user';
import { useSessionStore } from '@/stores/session-store';

/** Same id as BOOTSTRAP_ELEMENT_ID in src/server/http/landing.ts. */
export const BOOTSTRAP_ELEMENT_ID = 'hd-bootstrap';

export type Bootstrap = { user: User | null; dogs: { limit: number; page: Dog[] } };

function isBootstrap(value: unknown): value is Bootstrap {
  if (!value || typeof value !== 'object') return false;
  const { user, dogs } = value as Partial<Bootstrap>;
  return (
    (user === null || (typeof user === 'object' && user !== undefined)) &&
    !!dogs &&
    typeof dogs.limit === 'number' &&
    Array.isArray(dogs.page)
  );
}

/** Reads (once) and removes the embedded data; false when the page has none. */
export function seedFromBootstrap(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element) return false;
  const text = element.textContent ?? '';
  element.remove();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isBootstrap(data)) return false;
  seedQueryCache(queryClient, data);
  // Known before the first render, so it matches the server-rendered page (no flash of INGRESAR).
  if (data.user) useSessionStore.getState().setUser(data.user);
  return true;
}

/** The session's user and the first page of dogs, as if GET /api/user/me and /api/dog answered. */
export function seedQueryCache(queryClient: QueryClient, data: Bootstrap): void {
  queryClient.setQueryData(sessionKeys.me(), data.user);
  const pages: DogPages = { pages: [data.dogs.page], pageParams: [undefined] };
  queryClient.setQueryData(dogKeys.list({ limit: data.dogs.limit }), pages);
}
