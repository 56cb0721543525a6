// Browser entry: global styles, then the page the server drew is hydrated with the same router,
// QueryClient and session store it used (rebuilt from the page's hydration data).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/ThemeIcon.css';
import './app/app.css';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { hydrate } from '@tanstack/react-router/ssr/client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { createSessionStore, readContactDogId } from './stores/session-store';

// zod compiles object schemas with `new Function` when it may; its probe for that is refused by
// the page's Content-Security-Policy (no 'unsafe-eval') and reported as a violation. zod reads
// this global config when its code loads (later, with the forms).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const queryClient = createQueryClient();
const store = createSessionStore({ contactDogId: readContactDogId() });
const router = createAppRouter({ queryClient, store });

// The router takes over the server's state first: the page's data, and the code of the routes it
// matched (each route's screen is a chunk of its own). Only then does React hydrate, with every
// component at hand: nothing suspends, so the page's HTML is hydrated in one pass, and as a
// transition, in short tasks (React yields every few ms) instead of one long one: a cheap phone's
// main thread stays free for the visitor's input.
// (Had the router failed to take over, React hydrates anyway and the router loads the page again.)
// A button pressed before this code ran was held by the page's inline loader (renderer.ts): it is
// pressed again now that React listens (React then hydrates the page at once to handle it).
const hydratePage = () => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <AppProviders queryClient={queryClient} store={store}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  (window as { __hdHydrated?: () => void }).__hdHydrated?.();
};
void hydrate(router)
  .finally(() => (window as { $_TSR?: { h(): void } }).$_TSR?.h())
  .then(hydratePage, hydratePage);
