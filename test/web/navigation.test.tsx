// The fixed navigation bar: links, burger, INGRESAR menu, DAR EN ADOPCIÓN, SALIR, and redirects.
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { makeDog, makeUser } from '../support/factories';
import { server } from '../support/msw/server';
import {
  currentPath,
  deferred,
  findCarousel,
  recordRequests,
  renderApp,
  screen,
} from '../support/test-utils';

const banner = () => screen.getByRole('banner');

describe('links', () => {
  test('INICIO, ADOPTAR and QUIENES SOMOS lead to #home, #adopt and #about; the logo to #adopt', async () => {
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'INICIO' })).toHaveAttribute('href', '/#home');
    expect(within(nav).getByRole('link', { name: 'ADOPTAR' })).toHaveAttribute('href', '/#adopt');
    expect(within(nav).getByRole('link', { name: 'QUIENES SOMOS' })).toHaveAttribute(
      'href',
      '/#about',
    );
    expect(within(nav).getByRole('button', { name: 'DAR EN ADOPCIÓN' })).toBeEnabled();
    expect(within(banner()).getByRole('link', { name: 'Happy Dog' })).toHaveAttribute(
      'href',
      '/#adopt',
    );
  });

  test.each(['/entrar', '/registrarse'])('the links are disabled on %s', async (route) => {
    renderApp({ route });
    await screen.findByLabelText('Correo electrónico');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    for (const name of ['INICIO', 'ADOPTAR', 'QUIENES SOMOS']) {
      const link = within(nav).getByRole('link', { name });
      expect(link).toHaveAttribute('aria-disabled', 'true');
      expect(link).not.toHaveAttribute('href');
    }
    expect(within(nav).getByRole('button', { name: 'DAR EN ADOPCIÓN' })).toBeDisabled();
  });

  test('on phones the burger opens the menu and choosing an item closes it', async () => {
    const { user } = renderApp();
    const burger = await screen.findByRole('button', { name: 'Menú de navegación' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('menu-principal')).toHaveAttribute('data-open');

    await user.click(screen.getByRole('link', { name: 'ADOPTAR' }));
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('menu-principal')).not.toHaveAttribute('data-open');
  });
});

describe('INGRESAR menu', () => {
  test("offers 'Ingresá' (→ /entrar) and 'Registrate' (→ /registrarse)", async () => {
    const { user, router } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'INGRESAR' }));
    const menu = screen.getByRole('menu', { name: 'INGRESAR' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Ingresá', 'Registrate']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Registrate' }));
    expect(await screen.findByRole('button', { name: 'REGISTRESE' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/registrarse');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'INGRESAR' }));
    await user.click(screen.getByRole('menuitem', { name: 'Ingresá' }));
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/entrar');
  });

  test('works with the keyboard: Enter opens on the first item, arrows move, Escape closes', async () => {
    const { user } = renderApp();
    const button = await screen.findByRole('button', { name: 'INGRESAR' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Ingresá' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Registrate' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Ingresá' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  test('a logged-in user sees SALIR instead', async () => {
    renderApp({ loggedInAs: makeUser() });
    expect(await screen.findByRole('button', { name: 'SALIR' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'INGRESAR' })).not.toBeInTheDocument();
  });
});

describe('DAR EN ADOPCIÓN', () => {
  test("shows the 'No autorizado' alert when logged out, closed with OK", async () => {
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'DAR EN ADOPCIÓN' }));
    const alert = await screen.findByRole('dialog', { name: 'No autorizado' });
    expect(alert).toHaveTextContent('Debes iniciar sesión para dar en adopción');
    expect(screen.queryByRole('dialog', { name: 'Publicar en adopción' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'No autorizado' })).not.toBeInTheDocument();
  });

  test('chosen from the phone menu, the alert gives focus back to the burger (the item is hidden by then)', async () => {
    // Real transitions: Mantine gives focus back when the closing transition ends.
    const { user } = renderApp({ mantineEnv: 'default' });
    const burger = await screen.findByRole('button', { name: 'Menú de navegación' });
    await user.click(burger);
    await user.click(screen.getByRole('button', { name: 'DAR EN ADOPCIÓN' }));
    const alert = await screen.findByRole('dialog', { name: 'No autorizado' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(burger).toHaveFocus());
  });

  test('is drawn only once the session is known, so it never refuses a logged-in visitor', async () => {
    const held = deferred();
    server.use(
      http.get('*/api/user/me', async () => {
        await held.promise;
        return HttpResponse.json({ user: makeUser({ id: 3 }) });
      }),
    );
    const { user } = renderApp();
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.queryByRole('button', { name: 'DAR EN ADOPCIÓN' })).not.toBeInTheDocument();
    held.release();
    await user.click(await screen.findByRole('button', { name: 'DAR EN ADOPCIÓN' }));
    expect(await screen.findByRole('dialog', { name: 'Publicar en adopción' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'No autorizado' })).not.toBeInTheDocument();
  });

  test('opens the create modal when logged in', async () => {
    const { user } = renderApp({ loggedInAs: makeUser() });
    await screen.findByRole('button', { name: 'SALIR' });
    await user.click(screen.getByRole('button', { name: 'DAR EN ADOPCIÓN' }));
    expect(await screen.findByRole('dialog', { name: 'Publicar en adopción' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'No autorizado' })).not.toBeInTheDocument();
  });
});

describe('SALIR', () => {
  test('logs out, clears the session, drops user-specific data and goes to /home', async () => {
    const owner = makeUser({ name: 'Marta Ruiz', email: 'marta@example.com' });
    const requests = recordRequests(server);
    const { user, router, store } = renderApp({
      loggedInAs: makeUser(),
      users: [owner],
      dogs: [makeDog({ id: 7, name: 'Canela', hostage_id: owner.id })],
    });
    await screen.findByRole('button', { name: 'SALIR' });
    // Logged in: the list carries the owner's contact.
    await user.click(await screen.findByRole('button', { name: 'Info Dog' }));
    const before = await screen.findByRole('dialog', { name: 'Información de Canela' });
    expect(await within(before).findByText('marta@example.com')).toBeInTheDocument();
    await user.click(within(before).getByRole('button', { name: 'Cerrar' }));

    await user.click(screen.getByRole('button', { name: 'SALIR' }));
    expect(await screen.findByRole('button', { name: 'INGRESAR' })).toBeInTheDocument();
    expect(requests).toContain('GET /api/user/userLogout');
    expect(currentPath(router)).toBe('/home');
    expect(store.getState()).toMatchObject({ id: '', name: '', role: '', logged: false });

    // The cached list with e-mails is gone: the dog now opens without its owner's contact.
    await findCarousel();
    await user.click(await screen.findByRole('button', { name: 'Info Dog' }));
    const after = await screen.findByRole('dialog', { name: 'Información de Canela' });
    expect(await within(after).findByRole('button', { name: 'Contacto info' })).toBeInTheDocument();
    expect(after).not.toHaveTextContent('marta@example.com');
  });

  test('clears the session even when the logout call fails', async () => {
    server.use(http.get('/api/user/userLogout', () => HttpResponse.error()));
    const { user, router, store } = renderApp({ loggedInAs: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'SALIR' }));
    expect(await screen.findByRole('button', { name: 'INGRESAR' })).toBeInTheDocument();
    expect(store.getState().logged).toBe(false);
    expect(currentPath(router)).toBe('/home');
  });
});

describe('session and redirects', () => {
  test('a reload keeps the session: GET /api/user/me on start', async () => {
    const me = makeUser({ id: 41, name: 'Ana Gómez', role: 'user' });
    const { store } = renderApp({ loggedInAs: me });
    expect(await screen.findByRole('button', { name: 'SALIR' })).toBeInTheDocument();
    expect(store.getState()).toMatchObject({
      id: '41',
      name: 'Ana Gómez',
      role: 'user',
      logged: true,
    });
  });

  test('/entrar redirects to / when logged in', async () => {
    const { router } = renderApp({ route: '/entrar', loggedInAs: makeUser() });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/HAPPY DOG!/);
    expect(currentPath(router)).toBe('/');
    expect(screen.queryByRole('button', { name: 'Ingresar' })).not.toBeInTheDocument();
  });

  test.each(['/no-existe', '/perros/123/otra'])(
    'an unknown path (%s) redirects to /',
    async (route) => {
      const { router } = renderApp({ route });
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/HAPPY DOG!/);
      expect(currentPath(router)).toBe('/');
    },
  );
});
