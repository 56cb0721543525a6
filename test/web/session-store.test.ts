// The session store: initial state, user, and the contactDogId flag in localStorage.
import { describe, expect, test } from 'vitest';
import { CONTACT_DOG_ID_KEY, isOwner, resetSessionStore, useSessionStore } from '@/stores/session-store';

describe('session store', () => {
  test('starts logged out with empty strings and false', () => {
    expect(useSessionStore.getState()).toMatchObject({ id: '', name: '', role: '', logged: false, contactDogId: null });
  });

  test('setUser and clearSession', () => {
    useSessionStore.getState().setUser({ id: 3, name: 'Ana', email: 'ana@example.com', role: 'user', logged: true });
    expect(useSessionStore.getState()).toMatchObject({ id: '3', name: 'Ana', role: 'user', logged: true });
    useSessionStore.getState().clearSession();
    expect(useSessionStore.getState()).toMatchObject({ id: '', name: '', role: '', logged: false });
  });

  test('contactDogId is kept in localStorage under contactDogId as the plain id', () => {
    expect(CONTACT_DOG_ID_KEY).toBe('contactDogId');
    useSessionStore.getState().setContactDogId(42);
    expect(localStorage.getItem('contactDogId')).toBe('42');
    resetSessionStore();
    expect(useSessionStore.getState().contactDogId).toBe(42);
    useSessionStore.getState().clearContactDogId();
    expect(localStorage.getItem('contactDogId')).toBeNull();
  });

  test('ignores a stored value that is not an id', () => {
    localStorage.setItem('contactDogId', '{"state":1}');
    resetSessionStore();
    expect(useSessionStore.getState().contactDogId).toBeNull();
  });

  test('isOwner compares the logged user id with hostage_id', () => {
    expect(isOwner({ id: '5', logged: true }, 5)).toBe(true);
    expect(isOwner({ id: '5', logged: true }, 6)).toBe(false);
    expect(isOwner({ id: '', logged: false }, 0)).toBe(false);
  });
});
