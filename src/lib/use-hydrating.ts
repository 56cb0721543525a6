// Whether this render is the server's or the hydration of the server's HTML.
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * True on the server and while React hydrates its HTML (React reads the server snapshot then),
 * false in client renders; once hydrated, a component using it renders again with false.
 */
export const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
