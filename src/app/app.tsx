// Providers shared by the browser entry and the test renderer: Mantine, TanStack Query, router.
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { theme } from '@/theme';
import type { createAppRouter } from './router';

/** Mantine's default "dimmed" grey is 3.3:1 on the cream page; this brown keeps 6.2:1 (WCAG AA). */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#6b5a50' },
  dark: {},
});

type AppProps = {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  /** 'test' turns off Mantine's transitions and portals (Testing Library renders). */
  mantineEnv?: 'default' | 'test';
};

export function App({ queryClient, router, mantineEnv = 'default' }: AppProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // The provider writes every theme variable itself, so default-css-variables.css (4 KB gzip)
      // is not imported.
      deduplicateCssVariables={false}
      env={mantineEnv}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
