// The root route: the HTML document every page is drawn in (head tags, the app's stylesheet and
// scripts, the router's hydration data), the frame of every screen (skip link, navigation bar,
// the routed screen, the lazy modal manager and notifications), and the Spanish error and
// not-found pages.
import { mantineHtmlProps } from '@mantine/core';
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  Scripts,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useContext, type ReactNode } from 'react';
import { NavBar } from '@/app/nav-bar';
import { DocumentShellContext, type RouterContext } from '@/app/router-context';
import { MantineStyles } from '@/app/providers';
import { PageFooter } from '@/components/page-footer';
import { ErrorPage, NotFoundPage } from '@/components/error-pages';
import { OverlayRoot } from '@/components/overlays/overlays';
import { meQueryOptions } from '@/lib/auth/get-me';
import { siteQueryOptions } from '@/lib/site';
import { useSessionSync } from '@/lib/auth/use-session-sync';

function Document({ children }: { children: ReactNode }) {
  if (!useContext(DocumentShellContext)) {
    // Inside an existing page, React moves the route's <title> and <meta> into its <head>.
    return (
      <>
        <HeadContent />
        <MantineStyles />
        {children}
      </>
    );
  }
  return (
    <html lang="es" {...mantineHtmlProps}>
      <head>
        <HeadContent />
      </head>
      <body>
        <MantineStyles />
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/** Pages that draw their own footer: the landing page's large one, the login screens' own. */
const OWN_FOOTER = new Set(['/', '/home', '/entrar', '/registrarse']);

function RootLayout() {
  useSessionSync();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <NavBar />
      <Outlet />
      {!OWN_FOOTER.has(pathname) && <PageFooter />}
      <OverlayRoot />
    </>
  );
}

function RootError({ error, reset }: ErrorComponentProps) {
  return <ErrorPage error={error} reset={reset} />;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Who is logged in decides what every page shows (SALIR, owners' contacts): known before the
  // first render, on the server as in the browser.
  beforeLoad: async ({ context }) => {
    const [user] = await Promise.all([
      context.queryClient.ensureQueryData(meQueryOptions()).catch(() => null),
      // The footer and the privacy policy name the site's configured contact details.
      context.queryClient.ensureQueryData(siteQueryOptions()).catch(() => undefined),
    ]);
    if (user) {
      context.store.getState().setUser(user);
      // The bar's count of new requests is drawn by the server too: rendered without it, the page
      // would differ from the browser's first render once the count arrives during hydration.
      // Loaded apart, so a visitor's first code stays without it.
      const { interestsQueryOptions } = await import('@/features/adoption/api/interest-keys');
      await context.queryClient
        .ensureQueryData(interestsQueryOptions('received'))
        .catch(() => undefined);
    } else context.store.getState().clearSession();
  },
  head: () => ({
    meta: [
      { charSet: 'UTF-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: 'Happy Dog | Adopción de perros en Cali' },
      {
        name: 'description',
        content:
          'Happy Dog es una comunidad de adopción responsable de perros en Cali, Colombia. Conoce a los perros que buscan hogar, contacta a sus cuidadores o da un perro en adopción.',
      },
      { name: 'theme-color', content: '#c2410c' },
    ],
    links: [{ rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }],
  }),
  shellComponent: Document,
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: () => <NotFoundPage />,
});
