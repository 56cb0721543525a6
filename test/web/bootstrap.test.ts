// The landing page's embedded data seeds TanStack Query, so the app asks for nothing it has.
import { afterEach, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, seedFromBootstrap } from '@/app/bootstrap';
import { dogKeys } from '@/features/dogs/api/dog-keys';
import { DOG_PAGE_SIZE } from '@/features/dogs/api/get-dogs';
import { sessionKeys } from '@/features/session/api/session-keys';
import { createQueryClient } from '@/lib/query-client';
import { resetSessionStore, useSessionStore } from '@/stores/session-store';

function embed(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOTSTRAP_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

const dog = {
  id: 7,
  name: 'Lola',
  height: '40 cm',
  weight: '11 kg',
  city: 'Cali',
  image: '',
  personality: 'Coqueta',
  life_span: '13 años',
  hostage_id: 1,
};

describe('seedFromBootstrap', () => {
  afterEach(() => {
    document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
    resetSessionStore();
  });

  it('puts the user and the first page of dogs in the query cache, once', () => {
    const user = { id: 1, name: 'Olga', email: 'olga@example.com', role: 'user', logged: true };
    embed(JSON.stringify({ user, dogs: { limit: DOG_PAGE_SIZE, page: [dog] } }));
    const queryClient = createQueryClient();
    expect(seedFromBootstrap(queryClient)).toBe(true);
    expect(queryClient.getQueryData(sessionKeys.me())).toEqual(user);
    expect(queryClient.getQueryData(dogKeys.list({ limit: DOG_PAGE_SIZE }))).toEqual({
      pages: [[dog]],
      pageParams: [undefined],
    });
    expect(useSessionStore.getState()).toMatchObject({ id: '1', name: 'Olga', logged: true });
    expect(document.getElementById(BOOTSTRAP_ELEMENT_ID)).toBeNull();
    expect(seedFromBootstrap(createQueryClient())).toBe(false);
  });

  it('an anonymous visitor is known to have no session', () => {
    embed(JSON.stringify({ user: null, dogs: { limit: DOG_PAGE_SIZE, page: [] } }));
    const queryClient = createQueryClient();
    expect(seedFromBootstrap(queryClient)).toBe(true);
    expect(queryClient.getQueryData(sessionKeys.me())).toBeNull();
    expect(queryClient.getQueryState(sessionKeys.me())?.status).toBe('success');
    expect(useSessionStore.getState().logged).toBe(false);
  });

  it.each(['', '{', '[]', '{"user":null}', '{"user":null,"dogs":{"limit":24,"page":{}}}'])(
    'ignores missing or malformed data: %j',
    (text) => {
      embed(text);
      const queryClient = createQueryClient();
      expect(seedFromBootstrap(queryClient)).toBe(false);
      expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    },
  );
});
