// Browser entry: global styles, the query client and router, and (only in `npm run dev:mock`)
// the MSW service worker that stands in for the API.
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
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedFromBootstrap } from './app/bootstrap';
import { expectServerHtml } from './components/deferred';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';

async function startMockApi() {
  // Vite replaces the mode at build time, so production bundles drop this branch and MSW.
  if (import.meta.env.MODE !== 'mock') return;
  const { startMockWorker } = await import('../test/support/msw/browser');
  await startMockWorker();
}

async function main() {
  await startMockApi();
  const queryClient = createQueryClient();
  // The landing page arrives with the user and the first page of dogs (src/server/http/landing.ts).
  seedFromBootstrap(queryClient);
  const router = createAppRouter({ queryClient });
  const container = document.getElementById('root');
  if (!container) throw new Error('Falta el elemento #root en index.html');
  const serverHtml = container.hasAttribute('data-ssr');
  // Drawn by the server, the landing page's deferred parts load as they near the screen; drawn
  // here, the route loads them first (src/components/deferred.tsx).
  if (serverHtml) expectServerHtml();
  await router.load();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  if (serverHtml) {
    // The server drew this page from the same embedded data (src/server/http/landing.ts):
    // hydrate it rather than draw it again. Told that the page came from the server, TanStack
    // Router renders without its client-only Suspense wrappers, as the server did.
    router.ssr = { manifest: undefined };
    // As a transition, hydration is cut into short tasks (React yields every few ms) instead of
    // one long one: a cheap phone's main thread stays free for the visitor's input.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // Otherwise the page may hold the landing page prerendered at build time
  // (scripts/build/prerender-plugin.ts): resolving the route first and rendering synchronously
  // replaces it in one commit (no blank frame), before the load event, so no click lands on the
  // inert copy.
  const root = createRoot(container);
  flushSync(() => root.render(app));
}

void main();
