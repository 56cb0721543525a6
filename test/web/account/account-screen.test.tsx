// The account screen: profile and phone, password change, sign out everywhere, data download and
// account deletion with a password and a confirmation, against the MSW API.
import { waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AccountScreen } from '@/app/pages/account/account-screen';
import { PHONE_INVALID } from '@/shared/account';
import { makeDog, makeUser } from '../../support/factories';
import { API, apiError } from '../../support/msw/handlers';
import { mockDb, server } from '../../support/msw/server';
import { renderFeature } from '../../support/render-feature';
import { screen } from '../../support/test-utils';

const ana = () =>
  makeUser({
    name: 'Ana Gómez',
    email: 'ana@example.com',
    password: 'vieja-clave-1',
    phone: '+573001234567',
  });

async function renderAccount(seed: Parameters<typeof renderFeature>[1] = {}) {
  const onSessionEnded = vi.fn();
  const onProfileSaved = vi.fn();
  const view = await renderFeature(
    <AccountScreen onSessionEnded={onSessionEnded} onProfileSaved={onProfileSaved} />,
    seed,
  );
  return { ...view, onSessionEnded, onProfileSaved };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('account screen', () => {
  test('shows the person’s data: e-mail read-only, name, the phone in national format', async () => {
    await renderAccount({ loggedInAs: ana() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Nombre completo' })).toHaveValue(
      'Ana Gómez',
    );
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveValue(
      'ana@example.com',
    );
    expect(screen.getByRole('textbox', { name: /Celular/ })).toHaveValue('300 1234567');
    expect(
      screen.getByRole('link', { name: 'política de tratamiento de datos personales' }),
    ).toHaveAttribute('href', '/privacidad');
  });

  test('saves a new name and phone; the phone is stored in E.164', async () => {
    const { user, onProfileSaved } = await renderAccount({ loggedInAs: ana() });
    const name = await screen.findByRole('textbox', { name: 'Nombre completo' });
    await user.clear(name);
    await user.type(name, 'Ana María');
    const phone = screen.getByRole('textbox', { name: /Celular/ });
    await user.clear(phone);
    await user.type(phone, '+57 321 765 4321');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Tus datos se actualizaron.')).toBeInTheDocument();
    expect(mockDb.users[0]).toMatchObject({ name: 'Ana María', phone: '+573217654321' });
    expect(onProfileSaved).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Ana María', phone: '+573217654321' }),
    );
    expect(screen.getByRole('textbox', { name: /Celular/ })).toHaveValue('321 7654321');
  });

  test('an empty phone removes it; a landline is flagged before anything is sent', async () => {
    const { user } = await renderAccount({ loggedInAs: ana() });
    const phone = await screen.findByRole('textbox', { name: /Celular/ });
    await user.clear(phone);
    await user.type(phone, '602 555 0142');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(new RegExp(PHONE_INVALID.slice(0, 30)));
    expect(mockDb.users[0]!.phone).toBe('+573001234567');

    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(mockDb.users[0]!.phone).toBeNull());
  });

  test('the server’s refusal of a profile change is shown as text', async () => {
    server.use(
      http.patch(`${API}/user/me`, () => apiError(400, 'El nombre no puede superar 80 caracteres')),
    );
    const { user } = await renderAccount({ loggedInAs: ana() });
    await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    const section = screen.getByRole('region', { name: 'Tus datos' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'El nombre no puede superar 80 caracteres',
    );
  });

  test('a failed load says so and offers a retry', async () => {
    server.use(
      http.get(`${API}/user/account`, () => apiError(503, 'La base de datos no responde'), {
        once: true,
      }),
    );
    const { user } = await renderAccount({ loggedInAs: ana() });
    expect(await screen.findByText('La base de datos no responde')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('textbox', { name: 'Nombre completo' })).toHaveValue(
      'Ana Gómez',
    );
  });

  test('changes the password with the current one; a wrong current one is refused with the server’s text', async () => {
    const { user } = await renderAccount({ loggedInAs: ana() });
    const section = await screen.findByRole('region', { name: 'Cambiar contraseña' });
    const fill = async (current: string, next: string, repeat: string) => {
      await user.type(within(section).getByLabelText('Contraseña actual'), current);
      await user.type(within(section).getByLabelText('Nueva contraseña'), next);
      await user.type(within(section).getByLabelText('Repetir nueva contraseña'), repeat);
      await user.click(within(section).getByRole('button', { name: 'Cambiar contraseña' }));
    };
    await fill('no-es-esta', 'nueva-clave-2', 'nueva-clave-2');
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'La contraseña actual no es correcta',
    );
    expect(mockDb.users[0]!.password).toBe('vieja-clave-1');

    await user.clear(within(section).getByLabelText('Contraseña actual'));
    await user.clear(within(section).getByLabelText('Nueva contraseña'));
    await user.clear(within(section).getByLabelText('Repetir nueva contraseña'));
    await fill('vieja-clave-1', 'nueva-clave-2', 'nueva-clave-2');
    expect(
      await screen.findByText(/Cerramos la sesión en tus otros dispositivos/),
    ).toBeInTheDocument();
    expect(mockDb.users[0]!.password).toBe('nueva-clave-2');
    expect(within(section).getByLabelText('Contraseña actual')).toHaveValue('');
  });

  test('new passwords that differ are flagged before anything is sent', async () => {
    const { user } = await renderAccount({ loggedInAs: ana() });
    const section = await screen.findByRole('region', { name: 'Cambiar contraseña' });
    await user.type(within(section).getByLabelText('Contraseña actual'), 'vieja-clave-1');
    await user.type(within(section).getByLabelText('Nueva contraseña'), 'nueva-clave-2');
    await user.type(within(section).getByLabelText('Repetir nueva contraseña'), 'nueva-clave-3');
    await user.click(within(section).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(within(section).getByLabelText('Repetir nueva contraseña')).toHaveAccessibleDescription(
      'Las contraseñas no coinciden',
    );
    expect(mockDb.users[0]!.password).toBe('vieja-clave-1');
  });

  test('"Cerrar sesión en todos los dispositivos" ends the session and tells the page', async () => {
    const { user, onSessionEnded } = await renderAccount({ loggedInAs: ana() });
    await user.click(
      await screen.findByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    );
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalledWith('logout-all'));
    expect(mockDb.sessionUserId).toBeNull();
    expect(
      await screen.findByText('Cerramos tu sesión en todos los dispositivos.'),
    ).toBeInTheDocument();
  });

  test('"Descargar mis datos" saves the JSON file under the server’s name', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:datos');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });
    const owner = ana();
    const { user } = await renderAccount({
      loggedInAs: owner,
      dogs: [makeDog({ name: 'Canela', hostage_id: owner.id })],
    });
    await user.click(await screen.findByRole('button', { name: 'Descargar mis datos' }));
    await waitFor(() =>
      expect(clicks).toEqual([
        { href: 'blob:datos', download: 'happy-dog-mis-datos-2026-11-23.json' },
      ]),
    );
    const blob = created.mock.calls[0]![0] as Blob;
    const data = JSON.parse(await blob.text());
    expect(data.profile).toMatchObject({ email: 'ana@example.com' });
    expect(data.dogs.map((d: { name: string }) => d.name)).toEqual(['Canela']);
  });

  test('a failed download shows a notification with the server’s text', async () => {
    server.use(http.get(`${API}/user/export`, () => apiError(401, 'Debes iniciar sesión')));
    const { user } = await renderAccount({ loggedInAs: ana() });
    await user.click(await screen.findByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByText('No se pudieron descargar tus datos')).toBeInTheDocument();
    expect(screen.getByText('Debes iniciar sesión')).toBeInTheDocument();
  });

  test('"Eliminar mi cuenta" asks the password, then a confirmation; cancelling keeps everything', async () => {
    const owner = ana();
    const { user, onSessionEnded } = await renderAccount({
      loggedInAs: owner,
      dogs: [makeDog({ hostage_id: owner.id })],
    });
    const section = await screen.findByRole('region', { name: 'Eliminar mi cuenta' });
    await user.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(within(section).getByLabelText(/Tu contraseña/)).toHaveAccessibleDescription(
      /Escribe tu contraseña para confirmar/,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(within(section).getByLabelText(/Tu contraseña/), 'vieja-clave-1');
    await user.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.users).toHaveLength(1);
    expect(onSessionEnded).not.toHaveBeenCalled();

    await user.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Sí, eliminar mi cuenta',
      }),
    );
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalledWith('deleted'));
    expect(mockDb.users).toHaveLength(0);
    expect(mockDb.dogs).toHaveLength(0);
    expect(await screen.findByText(/Eliminamos tu cuenta y tus datos/)).toBeInTheDocument();
  });

  test('a wrong password for the deletion is refused with the server’s text and nothing is removed', async () => {
    const { user, onSessionEnded } = await renderAccount({ loggedInAs: ana() });
    const section = await screen.findByRole('region', { name: 'Eliminar mi cuenta' });
    await user.type(within(section).getByLabelText(/Tu contraseña/), 'no-es-esta');
    await user.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Sí, eliminar mi cuenta',
      }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'La contraseña no es correcta',
    );
    expect(mockDb.users).toHaveLength(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});
