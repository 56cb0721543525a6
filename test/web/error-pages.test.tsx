// The pages shown instead of a screen: Spanish, with a way back (and a retry for errors).
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ErrorPage, NotFoundPage } from '@/components/error-pages';
import { Route as rootRoute } from '@/app/routes/__root';
import { theme } from '@/theme';

/** Renders `page` inside a router of its own (its links need one). */
function renderPage(page: () => React.ReactNode) {
  const root = createRootRoute({ component: page });
  const router = createRouter({
    routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/' })]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('error pages', () => {
  test('a crash shows a Spanish page that can retry and go home', async () => {
    let resets = 0;
    renderPage(() => <ErrorPage error={new Error('boom')} reset={() => (resets += 1)} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(resets).toBe(1);
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  test('a missing page says so in Spanish, with a custom message when the route has one', async () => {
    renderPage(() => (
      <NotFoundPage title="Este perro ya no está publicado" message="Mira los demás perros." />
    ));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este perro ya no está publicado' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Mira los demás perros.')).toBeInTheDocument();
  });

  test('the root route uses them instead of the router’s English defaults', () => {
    expect(rootRoute.options.errorComponent).toBeDefined();
    expect(rootRoute.options.notFoundComponent).toBeDefined();
  });
});
