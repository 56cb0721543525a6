// 'Contacto info' and the contact resume: a visitor who wants a dog's contact logs in first,
// then that dog opens read-only with its owner's contact; closing it clears contactDogId.
import { waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { makeDog, makeDogs, makeUser } from '../support/factories';
import { server } from '../support/msw/server';
import { currentPath, recordRequests, renderApp, screen } from '../support/test-utils';

describe("'Contacto info'", () => {
  test('stores the dog id under contactDogId and goes to /entrar', async () => {
    const { user, router } = renderApp({ dogs: [makeDog({ id: 42, name: 'Canela' })] });
    const card = await screen.findByRole('article', { name: 'Canela' });
    await user.click(within(card).getByRole('button', { name: 'Info Dog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información de Canela' });
    await user.click(await within(dialog).findByRole('button', { name: 'Contacto info' }));

    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/entrar');
    expect(localStorage.getItem('contactDogId')).toBe('42');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('contact resume', () => {
  test('after login the dog opens read-only, fetched by id when it is not in the loaded page; closing clears the key', async () => {
    const owner = makeUser({ name: 'Marta Ruiz', email: 'marta@example.com' });
    const visitor = makeUser({ email: 'visita@example.com', password: 'clave-de-visita' });
    // 30 dogs: the first page (24) holds ids 30..7, so dog 3 must be fetched on its own.
    const dogs = makeDogs(30, { hostage_id: owner.id });
    // As on a page load: the page's store reads the flag from localStorage.
    localStorage.setItem('contactDogId', '3');
    const requests = recordRequests(server);
    const { user, router, store } = renderApp({ route: '/entrar', users: [owner, visitor], dogs });

    await user.type(await screen.findByLabelText('Correo electrónico'), 'visita@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'clave-de-visita');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Información de Perro 3' });
    expect(currentPath(router)).toBe('/');
    expect(requests).toContain('GET /api/dog/3');
    expect(await within(dialog).findByText('marta@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Actualizar' })).not.toBeInTheDocument();
    expect(localStorage.getItem('contactDogId')).toBe('3');

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('contactDogId')).toBeNull();
    expect(store.getState().contactDogId).toBeNull();
  });

  test('opens the dog read-only even for its owner, from the loaded list', async () => {
    const me = makeUser();
    localStorage.setItem('contactDogId', '8');
    const requests = recordRequests(server);
    renderApp({ loggedInAs: me, dogs: [makeDog({ id: 8, name: 'Propio', hostage_id: me.id })] });
    const dialog = await screen.findByRole('dialog', { name: 'Información de Propio' });
    expect(await within(dialog).findByRole('textbox', { name: 'Nombre' })).toHaveAttribute(
      'readonly',
    );
    expect(requests).not.toContain('GET /api/dog/8');
  });

  test('nothing opens for a visitor, and the key stays until they log in', async () => {
    localStorage.setItem('contactDogId', '8');
    renderApp({ dogs: [makeDog({ id: 8, name: 'Canela' })] });
    await screen.findByRole('article', { name: 'Canela' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('contactDogId')).toBe('8');
  });

  test('a dog that no longer exists clears the key and says so', async () => {
    localStorage.setItem('contactDogId', '99');
    renderApp({ loggedInAs: makeUser(), dogs: [] });
    expect(await screen.findByText('Ese perro ya no está en adopción')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('contactDogId')).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
