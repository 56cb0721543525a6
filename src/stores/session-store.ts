// Client-side session state: who is logged in, and the dog a visitor wanted to contact before
// logging in (`contactDogId`). Server data (dogs, the user record) stays in TanStack Query.
// One store per page render (per request on the server, per page load in the browser), handed
// down through React context, so one visitor's session can never show up in another's page.
import {
  createContext,
  createElement,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { User } from '@/shared/user';

/** localStorage key of the contact resume flag; its value is the dog's id itself, e.g. `42`. */
export const CONTACT_DOG_ID_KEY = 'contactDogId';

export type SessionState = {
  /** The logged user's id as text; empty string when logged out. */
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

export type SessionStore = StoreApi<SessionState>;

const loggedOut = { id: '', name: '', role: '', logged: false } as const;

const fromUser = (user: User) => ({
  id: String(user.id),
  name: user.name,
  role: user.role,
  logged: true,
});

/** The flag saved by this browser, or null (always null on the server, which has no storage). */
export function readContactDogId(): number | null {
  try {
    const raw = globalThis.localStorage?.getItem(CONTACT_DOG_ID_KEY);
    if (raw && /^\d{1,15}$/.test(raw)) return Number(raw);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): the flag is then page-only.
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

export function createSessionStore(
  initial: { user?: User | null; contactDogId?: number | null } = {},
): SessionStore {
  return createStore<SessionState>()((set) => ({
    ...(initial.user ? fromUser(initial.user) : loggedOut),
    contactDogId: initial.contactDogId ?? null,
    setUser: (user) => set(fromUser(user)),
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
}

const SessionStoreContext = createContext<SessionStore | null>(null);

export function SessionStoreProvider({
  store,
  children,
}: {
  store: SessionStore;
  children: ReactNode;
}) {
  return createElement(SessionStoreContext.Provider, { value: store }, children);
}

/** The page's session store itself (for actions called outside rendering). */
export function useSessionStoreApi(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore needs a SessionStoreProvider above it');
  return store;
}

/**
 * Reads a slice of the session state and re-renders when it changes. Unlike zustand's `useStore`,
 * the server's render (and the browser's hydration of it) reads the state as it is then, not as
 * the store was created: the session is only known once the route has loaded, and the browser's
 * store holds the same session (from the page's data) before it hydrates. Selectors return
 * primitives or stable actions.
 */
export function useSessionStore<T>(selector: (state: SessionState) => T): T {
  const store = useSessionStoreApi();
  const read = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

/** True when the logged user published this dog. */
export function isOwner(session: Pick<SessionState, 'id' | 'logged'>, hostageId: number): boolean {
  return session.logged && session.id !== '' && session.id === String(hostageId);
}
