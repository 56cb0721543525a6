// What every route receives in its context, and the two switches component tests set around the
// app (see the root route).
import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import type { SessionStore } from '@/stores/session-store';

export type RouterContext = {
  queryClient: QueryClient;
  store: SessionStore;
  /** The site's public origin, e.g. https://happydog.com.co (canonical and Open Graph URLs). */
  origin: string;
};

/**
 * False where the app is mounted inside an existing page (component tests): the root route then
 * draws only its providers and content, not <html>.
 */
export const DocumentShellContext = createContext(true);

/** 'test' turns off Mantine's transitions and portals (Testing Library renders). */
export const MantineEnvContext = createContext<'default' | 'test'>('default');
