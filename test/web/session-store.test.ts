// The session store: one per page render, its initial state, the user, and the contactDogId flag
// in localStorage.
import { describe, expect, test } from 'vitest';
import {
  CONTACT_DOG_ID_KEY,
  createSessionStore,
  isOwner,
  readContactDogId,
} from '@/stores/session-store';

const ana = { id: 3, name: 'Ana', email: 'ana@example.com', role: 'user', logged: true } as const;

describe('session store', () => {
  test('starts logged out with empty strings and false', () => {
    expect(createSessionStore().getState()).toMatchObject({
      id: '',
      name: '',
      role: '',
      logged: false,
      contactDogId: null,
    });
  });

  test('can start with the user the server found', () => {
    expect(createSessionStore({ user: ana }).getState()).toMatchObject({
      id: '3',
      name: 'Ana',
      logged: true,
    });
  });

  test('setUser and clearSession', () => {
    const store = createSessionStore();
    store.getState().setUser(ana);
    expect(store.getState()).toMatchObject({ id: '3', name: 'Ana', role: 'user', logged: true });
    store.getState().clearSession();
    expect(store.getState()).toMatchObject({ id: '', name: '', role: '', logged: false });
  });

  test('two stores never share a session (one per visitor on the server)', () => {
    const first = createSessionStore();
    const second = createSessionStore();
    first.getState().setUser(ana);
    expect(second.getState().logged).toBe(false);
  });

  test('contactDogId is kept in localStorage under contactDogId as the plain id', () => {
    expect(CONTACT_DOG_ID_KEY).toBe('contactDogId');
    createSessionStore().getState().setContactDogId(42);
    expect(localStorage.getItem('contactDogId')).toBe('42');
    const next = createSessionStore({ contactDogId: readContactDogId() });
    expect(next.getState().contactDogId).toBe(42);
    next.getState().clearContactDogId();
    expect(localStorage.getItem('contactDogId')).toBeNull();
  });

  test('ignores a stored value that is not an id', () => {
    localStorage.setItem('contactDogId', '{"state":1}');
    expect(readContactDogId()).toBeNull();
  });

  test('isOwner compares the logged user id with hostage_id', () => {
    expect(isOwner({ id: '5', logged: true }, 5)).toBe(true);
    expect(isOwner({ id: '5', logged: true }, 6)).toBe(false);
    expect(isOwner({ id: '', logged: false }, 0)).toBe(false);
  });
});
