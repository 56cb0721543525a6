// "Guardados": the heart on the carousel's cards and in the dog modal, the /guardados page behind a
// login, its empty state, and a failed save that puts the heart back and says why.
import { waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, test } from 'vitest';
import { makeDog, makeUser } from '../support/factories';
import { apiError } from '../support/msw/handlers';
import { mockDb, server } from '../support/msw/server';
import { currentPath, findCarousel, renderApp, screen } from '../support/test-utils';

const vera = () => makeUser({ id: 7, name: 'Vera Visita', email: 'vera@example.com' });
const olga = () => makeUser({ id: 8, name: 'Olga Dueña', email: 'olga@example.com' });
const dogs = () => [
  makeDog({ id: 1, name: 'Luna', hostage_id: 8 }),
  makeDog({ id: 2, name: 'Toby', hostage_id: 8 }),
  makeDog({ id: 3, name: 'Propio', hostage_id: 7 }),
];

describe('favorites', () => {
  test('anonymous visitors see no heart', async () => {
    renderApp({ dogs: dogs(), users: [olga()] });
    await findCarousel();
    expect(await screen.findByRole('article', { name: 'Luna' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Guardar a / })).not.toBeInTheDocument();
  });

  test('a heart saves a dog; Guardados lists it and its heart forgets it', async () => {
    const { user, router } = renderApp({ dogs: dogs(), users: [olga()], loggedInAs: vera() });
    await findCarousel();
    const luna = await screen.findByRole('article', { name: 'Luna' });
    // No heart on one's own dog.
    const own = await screen.findByRole('article', { name: 'Propio' });
    expect(within(own).queryByRole('button', { name: /^Guardar a / })).not.toBeInTheDocument();

    const heart = await within(luna).findByRole('button', { name: 'Guardar a Luna' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(mockDb.favorites.get(7)).toEqual([1]));

    // In the burger's panel on phones, an icon in the bar on wide screens: the same link twice.
    await user.click(
      (await within(screen.getByRole('banner')).findAllByRole('link', { name: 'Guardados' }))[0]!,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Guardados' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/guardados');
    const list = await screen.findByRole('list', { name: 'Perros guardados' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(within(list).getByRole('article', { name: 'Luna' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Guardar a Luna' }));
    expect(await screen.findByText('Todavía no guardaste ningún perro.')).toBeInTheDocument();
    await waitFor(() => expect(mockDb.favorites.get(7)).toEqual([]));
  });

  test('the dog modal has the heart too', async () => {
    const { user } = renderApp({ dogs: dogs(), users: [olga()], loggedInAs: vera() });
    await findCarousel();
    const toby = await screen.findByRole('article', { name: 'Toby' });
    await user.click(within(toby).getByRole('button', { name: 'Info Dog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información de Toby' });
    await user.click(await within(dialog).findByRole('button', { name: 'Guardar a Toby' }));
    await waitFor(() => expect(mockDb.favorites.get(7)).toEqual([2]));
    expect(within(dialog).getByRole('button', { name: 'Guardar a Toby' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a save the server refuses puts the heart back and says why', async () => {
    server.use(http.put('/api/me/favorites/:dogId', () => apiError(429, 'Demasiadas solicitudes')));
    const { user } = renderApp({ dogs: dogs(), users: [olga()], loggedInAs: vera() });
    await findCarousel();
    const luna = await screen.findByRole('article', { name: 'Luna' });
    const heart = await within(luna).findByRole('button', { name: 'Guardar a Luna' });
    await user.click(heart);
    expect(await screen.findByText('No se pudo guardar el perro')).toBeInTheDocument();
    expect(screen.getByText('Demasiadas solicitudes')).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });

  test('an anonymous visitor of /guardados logs in first and comes back to it', async () => {
    const { user, router } = renderApp({ route: '/guardados', users: [vera()], dogs: dogs() });
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/entrar?redirect=%2Fguardados');
    await user.type(screen.getByLabelText('Correo electrónico'), 'vera@example.com');
    await user.type(screen.getByLabelText('Contraseña'), vera().password);
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Guardados' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/guardados');
    expect(await screen.findByText('Todavía no guardaste ningún perro.')).toBeInTheDocument();
  });
});
