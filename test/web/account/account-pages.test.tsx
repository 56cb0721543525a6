// The account pages inside the app: /cuenta behind a login (and back after it), the nav bar's
// "Mi cuenta", the pages of the password recovery and the policy, and what ending the session
// from /cuenta does to the rest of the app.
import { waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { makeUser } from '../../support/factories';
import { mockDb } from '../../support/msw/server';
import { currentPath, renderApp, screen } from '../../support/test-utils';

const ana = () =>
  makeUser({ id: 7, name: 'Ana Gómez', email: 'ana@example.com', password: 'vieja-clave-1' });

describe('account pages', () => {
  test('an anonymous visitor of /cuenta logs in first and comes back to it', async () => {
    const { user, router } = renderApp({ route: '/cuenta', users: [ana()] });
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/entrar?redirect=%2Fcuenta');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'vieja-clave-1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/cuenta');
  });

  test('a redirect to another site is ignored: after login the visitor lands on /', async () => {
    const { user, router } = renderApp({
      route: '/entrar?redirect=%2F%2Fevil.example',
      users: [ana()],
    });
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'vieja-clave-1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  test('logged in, the nav bar offers Mi cuenta next to SALIR', async () => {
    const { user, router } = renderApp({ route: '/', loggedInAs: ana() });
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'SALIR' })).toBeInTheDocument();
    await user.click(within(header).getByRole('link', { name: 'Mi cuenta' }));
    expect(await screen.findByRole('textbox', { name: 'Nombre completo' })).toHaveValue(
      'Ana Gómez',
    );
    expect(currentPath(router)).toBe('/cuenta');
  });

  test('a new name shows up in the session; deleting the account logs out and goes to /', async () => {
    const { user, router, store } = renderApp({ route: '/cuenta', loggedInAs: ana() });
    const name = await screen.findByRole('textbox', { name: 'Nombre completo' });
    await user.clear(name);
    await user.type(name, 'Ana María');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(store.getState().name).toBe('Ana María'));

    const section = screen.getByRole('region', { name: 'Eliminar mi cuenta' });
    await user.type(within(section).getByLabelText(/Tu contraseña/), 'vieja-clave-1');
    await user.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Sí, eliminar mi cuenta',
      }),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(store.getState().logged).toBe(false);
    expect(await screen.findByRole('button', { name: 'INGRESAR' })).toBeInTheDocument();
    expect(mockDb.users).toHaveLength(0);
  });

  test('"Cerrar sesión en todos los dispositivos" logs out and goes to /entrar', async () => {
    const { user, router, store } = renderApp({ route: '/cuenta', loggedInAs: ana() });
    await user.click(
      await screen.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/entrar'));
    expect(store.getState().logged).toBe(false);
  });

  test('login → "¿Olvidaste tu contraseña?" → /recuperar; /recuperar/<token> and /privacidad are pages', async () => {
    const { user, router } = renderApp({ route: '/entrar' });
    await user.click(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/recuperar');
    await router.navigate({ to: '/recuperar/$token', params: { token: 'x'.repeat(43) } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crea una nueva contraseña' }),
    ).toBeInTheDocument();
    await router.navigate({ to: '/privacidad' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Política de tratamiento de datos personales',
      }),
    ).toBeInTheDocument();
  });
});
