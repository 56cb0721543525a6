// /registrarse: the registration screen.
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeUser } from '../support/factories';
import { http } from 'msw';
import { API, apiError } from '../support/msw/handlers';
import { mockDb, server } from '../support/msw/server';
import { currentPath, renderApp, screen } from '../support/test-utils';

afterEach(() => {
  vi.useRealTimers();
});

const CONSENT = 'Acepto la política de tratamiento de datos personales';

async function fillForm(
  user: ReturnType<typeof renderApp>['user'],
  values: { name: string; email: string; password: string; repeat: string; consent?: boolean },
) {
  await user.type(await screen.findByRole('textbox', { name: 'Nombre completo' }), values.name);
  await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), values.email);
  await user.type(screen.getByLabelText('Contraseña'), values.password);
  await user.type(screen.getByLabelText('Repetir contraseña'), values.repeat);
  if (values.consent ?? true) await user.click(screen.getByRole('checkbox', { name: CONSENT }));
}

describe('registration screen', () => {
  test('has the four fields, REGISTRESE and links to / and /entrar', async () => {
    renderApp({ route: '/registrarse' });
    expect(await screen.findByRole('textbox', { name: 'Nombre completo' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute(
      'type',
      'email',
    );
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Repetir contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'REGISTRESE' })).toBeInTheDocument();
    const links = screen.getByRole('navigation', { name: 'Otras opciones' });
    expect(within(links).getByRole('link', { name: 'Volver al menú principal' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(links).getByRole('link', { name: '¿Ya tienes cuenta? Ingresa' })).toHaveAttribute(
      'href',
      '/entrar',
    );
    expect(document.documentElement.style.overflowY).toBe('hidden');
  });

  test("the server's error disappears after 6 s and the form is cleared after the submit", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderApp({
      route: '/registrarse',
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await fillForm(user, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'una-clave-larga',
      repeat: 'otra-clave-larga',
    });
    await user.click(screen.getByRole('button', { name: 'REGISTRESE' }));

    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Las contraseñas no coinciden');
    expect(screen.getByRole('textbox', { name: 'Nombre completo' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    expect(screen.getByLabelText('Repetir contraseña')).toHaveValue('');

    act(() => vi.advanceTimersByTime(5_500));
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/registrarse');
  });

  test("an e-mail already registered shows the server's 409 message", async () => {
    const { user } = renderApp({
      route: '/registrarse',
      users: [makeUser({ email: 'ana@example.com' })],
    });
    await fillForm(user, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'una-clave-larga',
      repeat: 'una-clave-larga',
    });
    await user.click(screen.getByRole('button', { name: 'REGISTRESE' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('El correo ya está registrado'),
    );
  });

  test('a short password is flagged on its field before anything is sent', async () => {
    const { user } = renderApp({ route: '/registrarse' });
    await fillForm(user, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'corta',
      repeat: 'corta',
    });
    await user.click(screen.getByRole('button', { name: 'REGISTRESE' }));
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/La contraseña debe tener al menos 8 caracteres/);
    expect(mockDb.users).toHaveLength(0);
  });

  test('success creates the account and goes to /entrar', async () => {
    const { user, router } = renderApp({ route: '/registrarse' });
    await fillForm(user, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'una-clave-larga',
      repeat: 'una-clave-larga',
    });
    await user.click(screen.getByRole('button', { name: 'REGISTRESE' }));
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/entrar');
    expect(mockDb.users).toMatchObject([{ name: 'Ana Pérez', email: 'ana@example.com' }]);
  });

  test('the consent checkbox links to the policy and is required: unticked, nothing is sent', async () => {
    const { user } = renderApp({ route: '/registrarse' });
    await fillForm(user, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'una-clave-larga',
      repeat: 'una-clave-larga',
      consent: false,
    });
    const consent = screen.getByRole('checkbox', { name: CONSENT });
    expect(consent).not.toBeChecked();
    expect(
      screen.getByRole('link', { name: 'política de tratamiento de datos personales' }),
    ).toHaveAttribute('href', '/privacidad');
    await user.click(screen.getByRole('button', { name: 'REGISTRESE' }));
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription(
      'Debes aceptar la política de tratamiento de datos',
    );
    expect(mockDb.users).toHaveLength(0);
  });

  test('the server refuses a registration without consent with its own message', async () => {
    server.use(
      http.post(`${API}/user/userRegister`, () =>
        apiError(400, 'Debes aceptar la política de tratamiento de datos'),
      ),
    );
    const { user } = renderApp({ route: '/registrarse' });
    await fillForm(user, {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'una-clave-larga',
      repeat: 'una-clave-larga',
    });
    await user.click(screen.getByRole('button', { name: 'REGISTRESE' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Debes aceptar la política de tratamiento de datos',
      ),
    );
  });
});
