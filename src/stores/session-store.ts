// Client-only session state: who is logged in, and the dog a visitor wanted to contact before
// logging in (`contactDogId`). Server data (dogs, the user record) stays in TanStack Query.
import { create } from 'zustand';
import type { User } from '@/shared/user';

/** localStorage key of the contact resume flag; its value is the dog's id itself, e.g. `42`. */
export const CONTACT_DOG_ID_KEY = 'contactDogId';

export type SessionState = {
  /** The logged user's id as text; empty string when logged out (SPEC.md §3). */
  id: string;
  name: string;
  role: string;
  logged: boolean;
  /** Dog to reopen after login, or null. Mirrors localStorage[CONTACT_DOG_ID_KEY]. */
  contactDogId: number | null;
  setUser: (user: User) => void;
  clearSession: () => void;
  setContactDogId: (dogId: number) => void;
  clearContactDogId: () => void;
};

const loggedOut = { id: '', name: '', role: '', logged: false } as const;

function readContactDogId(): number | null {
  try {
    const raw = globalThis.localStorage?.getItem(CONTACT_DOG_ID_KEY);
    if (raw && /^\d{1,15}$/.test(raw)) return Number(raw);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): the flag is then session-only.
  }
  return null;
}

function writeContactDogId(dogId: number | null) {
  try {
    if (dogId === null) globalThis.localStorage?.removeItem(CONTACT_DOG_ID_KEY);
    else globalThis.localStorage?.setItem(CONTACT_DOG_ID_KEY, String(dogId));
  } catch {
    // See readContactDogId.
  }
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...loggedOut,
  contactDogId: readContactDogId(),
  setUser: (user) => set({ id: String(user.id), name: user.name, role: user.role, logged: true }),
  clearSession: () => set({ ...loggedOut }),
  setContactDogId: (dogId) => {
    writeContactDogId(dogId);
    set({ contactDogId: dogId });
  },
  clearContactDogId: () => {
    writeContactDogId(null);
    set({ contactDogId: null });
  },
}));

/** Restores the initial state (logged out, flag re-read from storage); used by tests. */
export function resetSessionStore() {
  useSessionStore.setState({ ...loggedOut, contactDogId: readContactDogId() });
}

/** True when the logged user published this dog. */
export function isOwner(session: Pick<SessionState, 'id' | 'logged'>, hostageId: number): boolean {
  return session.logged && session.id !== '' && session.id === String(hostageId);
}
