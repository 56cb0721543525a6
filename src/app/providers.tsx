// The contexts every render of the app needs around the router: Mantine, TanStack Query's client
// and the session store, both created per page render.
//
// Mantine's provider sits here, above the router, because it hands its children a new context
// value whenever it renders. Inside the router's document shell it would render on every
// navigation, and a context change that reaches a part of the page React has not hydrated yet
// (a below-the-fold section whose code has not come) makes React throw that part's server HTML
// away: a tap on "ADOPTAR" would empty the sections above the carousel and scroll to the wrong
// place. Up here it renders once. Its <style> tags must be inside <body>, so the document shell
// draws them with <MantineStyles />.
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { memo, useContext, type ReactNode } from 'react';
import { MantineEnvContext } from '@/app/router-context';
import { SessionStoreProvider, type SessionStore } from '@/stores/session-store';
import { theme } from '@/theme';

/** Mantine's default "dimmed" grey is 3.3:1 on the cream page; this brown keeps 6.2:1 (WCAG AA). */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#6b5a50' },
  dark: {},
});

export function AppProviders({
  queryClient,
  store,
  children,
}: {
  queryClient: QueryClient;
  store: SessionStore;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
      env={useContext(MantineEnvContext)}
    >
      <QueryClientProvider client={queryClient}>
        <SessionStoreProvider store={store}>{children}</SessionStoreProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The theme's CSS variables and Mantine's responsive helper classes, as <style> tags. Memoised
 * without props: drawn once, never again on navigation.
 */
export const MantineStyles = memo(function MantineStyles() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // The provider writes every theme variable itself, so default-css-variables.css (4 KB gzip)
      // is not imported.
      deduplicateCssVariables={false}
    >
      {null}
    </MantineProvider>
  );
});
