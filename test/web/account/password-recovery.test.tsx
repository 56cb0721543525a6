// Forgotten password: the request form (always the same answer) and the new-password form of an
// e-mailed link, against the MSW API.
import { waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, test } from 'vitest';
import { ForgotPasswordScreen } from '@/features/account/components/forgot-password-screen';
import { ResetPasswordScreen } from '@/features/account/components/reset-password-screen';
import { PASSWORD_RESET_REQUESTED, RESET_LINK_INVALID } from '@/shared/account';
import { makeUser } from '../../support/factories';
import { API, apiError } from '../../support/msw/handlers';
import { mockDb, server } from '../../support/msw/server';
import { renderFeature } from '../../support/render-feature';
import { screen } from '../../support/test-utils';

describe('forgot password screen', () => {
  test.each([
    ['a registered e-mail', 'ana@example.com', 1],
    ['an unknown e-mail', 'nadie@example.com', 0],
  ])('%s gets the same answer', async (_, email, links) => {
    const { user } = await renderFeature(<ForgotPasswordScreen />, {
      users: [makeUser({ email: 'ana@example.com' })],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), email);
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_REQUESTED);
    expect(mockDb.resetTokens.size).toBe(links);
    expect(screen.getByRole('link', { name: 'Volver a ingresar' })).toHaveAttribute(
      'href',
      '/entrar',
    );
  });

  test('an invalid e-mail is flagged before anything is sent', async () => {
    const { user } = await renderFeature(<ForgotPasswordScreen />);
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAccessibleDescription(
      'El correo electrónico no es válido',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('"Usar otro correo" brings the empty form back', async () => {
    const { user } = await renderFeature(<ForgotPasswordScreen />);
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    await user.click(await screen.findByRole('button', { name: 'Usar otro correo' }));
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('');
  });

  test('429 shows the server’s text', async () => {
    server.use(
      http.post(`${API}/user/password-reset`, () =>
        apiError(429, 'Demasiados intentos, espera un momento'),
      ),
    );
    const { user } = await renderFeature(<ForgotPasswordScreen />);
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos, espera un momento',
    );
  });
});

describe('new password screen', () => {
  const token = `${'t'.repeat(40)}000`;

  async function fill(
    user: Awaited<ReturnType<typeof renderFeature>>['user'],
    password: string,
    repeat = password,
  ) {
    await user.type(screen.getByLabelText('Nueva contraseña'), password);
    await user.type(screen.getByLabelText('Repetir nueva contraseña'), repeat);
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
  }

  test('sets the new password with the link’s token, then offers to log in', async () => {
    const ana = makeUser({ email: 'ana@example.com', password: 'vieja-clave-1' });
    const { user } = await renderFeature(<ResetPasswordScreen token={token} />, { users: [ana] });
    mockDb.resetTokens.set(token, ana.id);
    await fill(user, 'nueva-clave-2');
    expect(await screen.findByRole('status')).toHaveTextContent('Listo: tu contraseña cambió');
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/entrar');
    expect(mockDb.users[0]!.password).toBe('nueva-clave-2');
  });

  test('a used or expired link shows the server’s text and a way to ask for a new one', async () => {
    const { user } = await renderFeature(<ResetPasswordScreen token={token} />);
    await fill(user, 'nueva-clave-2');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(
      screen.getAllByRole('link', { name: /Pedir un enlace nuevo|Pide otro/ })[0],
    ).toHaveAttribute('href', '/recuperar');
  });

  test('passwords that differ or are short are flagged before anything is sent', async () => {
    let sent = 0;
    server.use(
      http.post(`${API}/user/password-reset/confirm`, () => {
        sent += 1;
        return apiError(400, RESET_LINK_INVALID);
      }),
    );
    const { user } = await renderFeature(<ResetPasswordScreen token={token} />);
    await fill(user, 'nueva-clave-2', 'nueva-clave-3');
    expect(screen.getByLabelText('Repetir nueva contraseña')).toHaveAccessibleDescription(
      'Las contraseñas no coinciden',
    );
    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.clear(screen.getByLabelText('Repetir nueva contraseña'));
    await fill(user, 'corta');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAccessibleDescription(
      /al menos 8 caracteres/,
    );
    await waitFor(() => expect(sent).toBe(0));
  });

  test('a malformed link says so at once, without a form', async () => {
    await renderFeature(<ResetPasswordScreen token="no-es-un-token" />);
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
  });
});
