// The contexts every render of the app needs around the router: Mantine, TanStack Query's client
// and the session store, both created per page render.
//
// Mantine's context sits here, above the router, and its value never changes: a context change
// that reaches a part of the page React has not hydrated yet (a below-the-fold section whose
// code has not come) makes React throw that part's server HTML away. (Mantine's own provider
// hands its children a new value whenever it renders; inside the router's document shell it
// rendered on every navigation, and a tap on "ADOPTAR" emptied the sections above the carousel.)
//
// The theme's CSS variables and Mantine's helper classes are <style> tags, which must be inside
// <body>: the document shell draws them with <MantineStyles />. The server computes them with
// Mantine's provider; the browser keeps what the server sent, so the code that computes them is
// not part of the page's first download.
import {
  MantineContext,
  MantineProvider,
  MantineThemeProvider,
  type CSSVariablesResolver,
} from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { memo, useContext, useMemo, useState, type ReactNode } from 'react';
import { MantineEnvContext } from '@/app/router-context';
import { SessionStoreProvider, type SessionStore } from '@/stores/session-store';
import { theme } from '@/theme';

/** Mantine's default "dimmed" grey is 3.3:1 on the cream page; this brown keeps 6.2:1 (WCAG AA). */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#6b5a50' },
  dark: {},
});

const noop = () => {};

/**
 * What Mantine's provider gives its components, for a site in the light scheme only (the <html>
 * element carries it from the server: `mantineHtmlProps`).
 */
function AppMantineProvider({ children }: { children: ReactNode }) {
  const env = useContext(MantineEnvContext);
  const value = useMemo(
    () => ({
      colorScheme: 'light' as const,
      setColorScheme: noop,
      clearColorScheme: noop,
      getRootElement: () => document.documentElement,
      classNamesPrefix: 'mantine',
      cssVariablesResolver,
      cssVariablesSelector: ':root',
      withStaticClasses: true,
      headless: false,
      env,
      deduplicateInlineStyles: false,
    }),
    [env],
  );
  return (
    <MantineContext value={value}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

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
    <AppMantineProvider>
      <QueryClientProvider client={queryClient}>
        <SessionStoreProvider store={store}>{children}</SessionStoreProvider>
      </QueryClientProvider>
    </AppMantineProvider>
  );
}

/** The server: Mantine's provider draws the two <style> tags (its children are none). */
function ServerMantineStyles() {
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
}

const VARIABLES = 'style[data-mantine-styles="true"], style[data-mantine-styles=""]';
const CLASSES = 'style[data-mantine-styles="classes"]';

/**
 * The browser: the same two tags with the server's text, read once from the page (React keeps
 * them as they are when hydrating; were the document ever drawn again, they keep their text).
 * In component tests, where no server drew the page, they are empty.
 */
function BrowserMantineStyles() {
  const [css] = useState(() => ({
    variables: document.querySelector(VARIABLES)?.textContent ?? '',
    classes: document.querySelector(CLASSES)?.textContent ?? '',
  }));
  return (
    <>
      <style
        data-mantine-styles
        dangerouslySetInnerHTML={{ __html: css.variables }}
        suppressHydrationWarning
      />
      <style
        data-mantine-styles="classes"
        dangerouslySetInnerHTML={{ __html: css.classes }}
        suppressHydrationWarning
      />
    </>
  );
}

/** Memoised without props: drawn once, never again on navigation. */
export const MantineStyles = memo(import.meta.env.SSR ? ServerMantineStyles : BrowserMantineStyles);
