// /entrar: the login screen.
import { waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, test } from 'vitest';
import { makeUser } from '../support/factories';
import { apiError } from '../support/msw/handlers';
import { server } from '../support/msw/server';
import { currentPath, deferred, renderApp, screen } from '../support/test-utils';

describe('login screen', () => {
  test('has a welcome heading, e-mail and password, Ingresar and links to / and /registrarse', async () => {
    renderApp({ route: '/entrar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Bienvenido de vuelta!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute(
      'type',
      'email',
    );
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    const links = screen.getByRole('navigation', { name: 'Otras opciones' });
    expect(within(links).getByRole('link', { name: 'Volver al menú principal' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(links).getByRole('link', { name: /Crea una cuenta/ })).toHaveAttribute(
      'href',
      '/registrarse',
    );
    expect(document.title).toBe('Ingresar | Happy Dog');
  });

  test('hides the page scrolling while shown and restores it on leaving', async () => {
    const { user } = renderApp({ route: '/entrar' });
    await screen.findByRole('button', { name: 'Ingresar' });
    expect(document.documentElement.style.overflowY).toBe('hidden');
    await user.click(screen.getByRole('link', { name: 'Volver al menú principal' }));
    await screen.findByRole('region', { name: 'SOBRE NOSOTROS' });
    expect(document.documentElement.style.overflowY).toBe('');
  });

  test("shows the server's error text on wrong credentials", async () => {
    const ana = makeUser({ email: 'ana@example.com', password: 'la-clave-buena' });
    const { user, router, store } = renderApp({ route: '/entrar', users: [ana] });
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'otra-clave');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos'),
    );
    expect(currentPath(router)).toBe('/entrar');
    expect(store.getState().logged).toBe(false);
  });

  test('offers "¿Olvidaste tu contraseña?", which leads to /recuperar', async () => {
    renderApp({ route: '/entrar' });
    expect(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/recuperar',
    );
  });

  test('shows the too-many-tries message of a 429', async () => {
    server.use(
      http.post('/api/user/userLogin', () =>
        apiError(429, 'Demasiados intentos, espera un momento'),
      ),
    );
    const { user } = renderApp({ route: '/entrar' });
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'clave');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Demasiados intentos, espera un momento'),
    );
  });

  test('an invalid e-mail is flagged on its field before anything is sent', async () => {
    const { user } = renderApp({ route: '/entrar' });
    const email = await screen.findByLabelText('Correo electrónico');
    await user.type(email, 'no-es-un-correo');
    await user.type(screen.getByLabelText('Contraseña'), 'clave');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('El correo electrónico no es válido');
  });

  test('a successful login goes to / with SALIR and the session in the store', async () => {
    const ana = makeUser({
      id: 12,
      name: 'Ana',
      email: 'ana@example.com',
      password: 'la-clave-buena',
    });
    const { user, router, store } = renderApp({ route: '/entrar', users: [ana] });
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'la-clave-buena');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('button', { name: 'SALIR' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(store.getState()).toMatchObject({ id: '12', name: 'Ana', logged: true });
  });

  test('Ingresar is disabled while the request runs', async () => {
    const gate = deferred();
    server.use(
      http.post('/api/user/userLogin', async () => {
        await gate.promise;
        return apiError(401, 'Correo o contraseña incorrectos');
      }),
    );
    const { user } = renderApp({ route: '/entrar' });
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'clave');
    const submit = screen.getByRole('button', { name: 'Ingresar' });
    await user.click(submit);
    expect(submit).toBeDisabled();
    gate.release();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos'),
    );
    expect(submit).toBeEnabled();
  });
});
