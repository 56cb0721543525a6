// The dog modal in its three modes (create, edit, view), its buttons, the owner's contact, and
// what happens when the server says no.
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { makeDog, makeUser } from '../support/factories';
import { apiError } from '../support/msw/handlers';
import { mockDb, server } from '../support/msw/server';
import { deferred, findCarousel, recordRequests, renderApp, screen } from '../support/test-utils';

const FIELDS = [
  'ID',
  'Imagen (URL)',
  'Nombre',
  'Ciudad',
  'ID del dueño',
  'Peso',
  'Altura',
  'Esperanza de vida',
  'Personalidad',
];

async function openCard(
  user: ReturnType<typeof renderApp>['user'],
  dogName: string,
  button: 'Info Dog' | 'EDITAR',
) {
  const card = await screen.findByRole('article', { name: dogName });
  await user.click(await within(card).findByRole('button', { name: button }));
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('textbox', { name: label });

describe('view mode', () => {
  test("a visitor sees every field read-only, 'Contacto info' and only Cerrar, without the owner's contact", async () => {
    const owner = makeUser({ name: 'Marta Ruiz', email: 'marta@example.com' });
    const dog = makeDog({
      id: 42,
      name: 'Canela',
      city: 'Jamundí',
      weight: '12 kg',
      height: '45 cm',
      life_span: '14 años',
      personality: 'Tranquila',
      hostage_id: owner.id,
    });
    const { user } = renderApp({ users: [owner], dogs: [dog] });
    await openCard(user, 'Canela', 'Info Dog');

    const dialog = await screen.findByRole('dialog', { name: 'Información de Canela' });
    const expected: Record<string, string> = {
      ID: '42',
      Nombre: 'Canela',
      Ciudad: 'Jamundí',
      'ID del dueño': String(owner.id),
      Peso: '12 kg',
      Altura: '45 cm',
      'Esperanza de vida': '14 años',
      Personalidad: 'Tranquila',
    };
    for (const label of FIELDS) {
      const input = await within(dialog).findByRole('textbox', { name: label });
      expect(input, label).toHaveAttribute('readonly');
      if (label in expected) expect(input).toHaveValue(expected[label]);
    }
    expect(within(dialog).getByRole('button', { name: 'Contacto info' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    for (const name of ['Publicar', 'Actualizar', 'Eliminar']) {
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(dialog).not.toHaveTextContent('marta@example.com');
    expect(dialog).not.toHaveTextContent('Marta Ruiz');

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test("a logged-in user sees the owner's name and e-mail and no 'Contacto info'", async () => {
    const owner = makeUser({ name: 'Marta Ruiz', email: 'marta@example.com' });
    const { user } = renderApp({
      loggedInAs: makeUser(),
      users: [owner],
      dogs: [makeDog({ name: 'Canela', hostage_id: owner.id })],
    });
    await screen.findByRole('button', { name: 'SALIR' });
    await openCard(user, 'Canela', 'Info Dog');
    const dialog = await screen.findByRole('dialog', { name: 'Información de Canela' });
    expect(await within(dialog).findByText('Marta Ruiz')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'marta@example.com' })).toHaveAttribute(
      'href',
      'mailto:marta@example.com',
    );
    expect(within(dialog).queryByRole('button', { name: 'Contacto info' })).not.toBeInTheDocument();
    expect(field(dialog, 'Nombre')).toHaveAttribute('readonly');
  });

  test('the backdrop is static: clicking outside does not close the modal', async () => {
    const { user } = renderApp({ dogs: [makeDog({ name: 'Canela' })] });
    await openCard(user, 'Canela', 'Info Dog');
    await screen.findByRole('dialog', { name: 'Información de Canela' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(screen.getByRole('dialog', { name: 'Información de Canela' })).toBeInTheDocument();
  });
});

describe('create mode', () => {
  async function openCreate(seed: Parameters<typeof renderApp>[0] = {}) {
    const me = makeUser({ id: 7 });
    const view = renderApp({
      loggedInAs: me,
      dogs: [makeDog({ id: 1, name: 'Anterior', hostage_id: 99 })],
      ...seed,
    });
    await screen.findByRole('button', { name: 'SALIR' });
    await findCarousel();
    await view.user.click(screen.getByRole('button', { name: 'DAR EN ADOPCIÓN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar en adopción' });
    await within(dialog).findByRole('textbox', { name: 'Nombre' });
    return { ...view, dialog, me };
  }

  test('Publicar creates the dog, closes the modal and refreshes the list', async () => {
    const { user, dialog } = await openCreate();
    expect(field(dialog, 'ID')).toHaveAttribute('readonly');
    expect(field(dialog, 'ID del dueño')).toHaveValue('7');
    expect(field(dialog, 'ID del dueño')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();

    await user.type(field(dialog, 'Nombre'), 'Lupe');
    await user.type(field(dialog, 'Ciudad'), 'Yumbo');
    await user.type(field(dialog, 'Personalidad'), 'Muy juguetona');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = await screen.findByRole('article', { name: 'Lupe' });
    expect(card).toHaveTextContent('Yumbo');
    expect(within(card).getByRole('button', { name: 'EDITAR' })).toBeInTheDocument();
    expect(mockDb.dogs.find((d) => d.name === 'Lupe')).toMatchObject({
      city: 'Yumbo',
      hostage_id: 7,
      personality: 'Muy juguetona',
    });
    expect(await screen.findByText('Perro publicado')).toBeInTheDocument();
    // It offers the new dog's page and sharing it on WhatsApp.
    const id = mockDb.dogs.find((d) => d.name === 'Lupe')!.id;
    expect(screen.getByRole('link', { name: 'Ver su página' })).toHaveAttribute(
      'href',
      `/perros/${id}`,
    );
    const share = screen.getByRole('link', { name: 'Compartir por WhatsApp' });
    const text = new URL(share.getAttribute('href')!).searchParams.get('text');
    expect(share.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(text).toContain(`Conoce a Lupe, busca hogar en Yumbo: `);
    expect(text).toMatch(new RegExp(`/perros/${id}$`));
  });

  test('starts empty even when opened while the previous dog modal is still fading out', async () => {
    const me = makeUser({ id: 7 });
    const { user } = renderApp({
      mantineEnv: 'default',
      loggedInAs: me,
      dogs: [makeDog({ name: 'Sol', city: 'Dagua', hostage_id: 99 })],
    });
    await screen.findByRole('button', { name: 'SALIR' });
    await openCard(user, 'Sol', 'Info Dog');
    const view = await screen.findByRole('dialog', { name: 'Información de Sol' });
    expect(await within(view).findByRole('textbox', { name: 'Nombre' })).toHaveValue('Sol');
    await user.click(within(view).getByRole('button', { name: 'Cerrar' }));

    await user.click(screen.getByRole('button', { name: 'DAR EN ADOPCIÓN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar en adopción' });
    expect(await within(dialog).findByRole('textbox', { name: 'Nombre' })).toHaveValue('');
    expect(field(dialog, 'Ciudad')).toHaveValue('');
    expect(field(dialog, 'ID')).toHaveValue('');
  });

  test('Publicar is disabled while the request runs (no double submit)', async () => {
    const gate = deferred();
    const requests = recordRequests(server);
    server.use(
      http.post('/api/dog', async () => {
        await gate.promise;
        return HttpResponse.json({ dog: { ...makeDog({ name: 'Lupe' }) } }, { status: 201 });
      }),
    );
    const { user, dialog } = await openCreate();
    await user.type(field(dialog, 'Nombre'), 'Lupe');
    await user.type(field(dialog, 'Ciudad'), 'Yumbo');
    const publish = within(dialog).getByRole('button', { name: 'Publicar' });
    await user.click(publish);
    await waitFor(() => expect(publish).toBeDisabled());
    await user.click(publish);
    expect(requests.filter((r) => r === 'POST /api/dog')).toHaveLength(1);
    gate.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('a missing name is flagged on its field and nothing is sent', async () => {
    const requests = recordRequests(server);
    const { user, dialog } = await openCreate();
    await user.type(field(dialog, 'Ciudad'), 'Cali');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    const name = field(dialog, 'Nombre');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/El nombre es obligatorio/);
    expect(requests).not.toContain('POST /api/dog');
    expect(screen.getByRole('dialog', { name: 'Publicar en adopción' })).toBeInTheDocument();
  });

  test("the server's message stays in the open modal when publishing fails", async () => {
    server.use(http.post('/api/dog', () => apiError(400, 'La imagen no se pudo verificar')));
    const { user, dialog } = await openCreate();
    await user.type(field(dialog, 'Nombre'), 'Lupe');
    await user.type(field(dialog, 'Ciudad'), 'Yumbo');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('La imagen no se pudo verificar');
    expect(screen.getByRole('dialog', { name: 'Publicar en adopción' })).toBeInTheDocument();
    expect(field(dialog, 'Nombre')).toHaveValue('Lupe');
    expect(within(dialog).getByRole('button', { name: 'Publicar' })).toBeEnabled();
  });
});

describe('edit mode', () => {
  async function openEdit() {
    const me = makeUser({ id: 7 });
    const view = renderApp({
      loggedInAs: me,
      dogs: [makeDog({ id: 5, name: 'Toby', city: 'Cali', hostage_id: 7 })],
    });
    await screen.findByRole('button', { name: 'SALIR' });
    await openCard(view.user, 'Toby', 'EDITAR');
    const dialog = await screen.findByRole('dialog', { name: 'Editar información de Toby' });
    await within(dialog).findByRole('textbox', { name: 'Nombre' });
    return { ...view, dialog };
  }

  test('offers Actualizar, Eliminar and Cerrar with editable fields', async () => {
    const { dialog } = await openEdit();
    for (const name of ['Actualizar', 'Eliminar', 'Cerrar']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(dialog).queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    expect(field(dialog, 'Nombre')).not.toHaveAttribute('readonly');
    expect(field(dialog, 'Nombre')).toHaveValue('Toby');
    expect(field(dialog, 'ID')).toHaveValue('5');
    expect(field(dialog, 'ID')).toHaveAttribute('readonly');
  });

  test('Actualizar updates the dog, closes the modal and refreshes the list', async () => {
    const requests = recordRequests(server);
    const { user, dialog } = await openEdit();
    await user.clear(field(dialog, 'Ciudad'));
    await user.type(field(dialog, 'Ciudad'), 'Santiago de Cali');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toContain('PUT /api/dog/5');
    expect(await screen.findByRole('article', { name: 'Toby' })).toHaveTextContent(
      'Santiago de Cali',
    );
    expect(mockDb.dogs[0]).toMatchObject({ city: 'Santiago de Cali' });
  });

  test("a failed update keeps the modal open with the server's message", async () => {
    server.use(
      http.put('/api/dog/:id', () =>
        apiError(403, 'Solo el dueño puede modificar esta publicación'),
      ),
    );
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Solo el dueño puede modificar esta publicación',
    );
    expect(screen.getByRole('dialog', { name: 'Editar información de Toby' })).toBeInTheDocument();
  });

  test('Actualizar is disabled while the request runs', async () => {
    const gate = deferred();
    server.use(
      http.put('/api/dog/:id', async () => {
        await gate.promise;
        return apiError(500, 'Error interno del servidor');
      }),
    );
    const { user, dialog } = await openEdit();
    const update = within(dialog).getByRole('button', { name: 'Actualizar' });
    await user.click(update);
    await waitFor(() => expect(update).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    gate.release();
    await waitFor(() => expect(update).toBeEnabled());
  });

  test('Eliminar asks for confirmation; Cancelar keeps the dog, confirming deletes it and closes', async () => {
    const requests = recordRequests(server);
    const { user, dialog } = await openEdit();
    await user.type(field(dialog, 'Peso'), '20 kg');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar a Toby?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    const back = await screen.findByRole('dialog', { name: 'Editar información de Toby' });
    // The edits survive the confirmation.
    expect(await within(back).findByRole('textbox', { name: 'Peso' })).toHaveValue('12 kg20 kg');
    expect(requests).not.toContain('DELETE /api/dog/5');

    await user.click(within(back).getByRole('button', { name: 'Eliminar' }));
    const again = await screen.findByRole('dialog', { name: '¿Eliminar a Toby?' });
    await user.click(within(again).getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toContain('DELETE /api/dog/5');
    expect(screen.queryByRole('article', { name: 'Toby' })).not.toBeInTheDocument();
    expect(mockDb.dogs).toHaveLength(0);
  });

  test('focus moves into the confirmation, back to Eliminar on Cancelar, and to the list after deleting', async () => {
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar a Toby?' });
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus(),
    );

    await user.keyboard('{Enter}');
    const back = await screen.findByRole('dialog', { name: 'Editar información de Toby' });
    await waitFor(() =>
      expect(within(back).getByRole('button', { name: 'Eliminar' })).toHaveFocus(),
    );

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: '¿Eliminar a Toby?' });
    await user.click(within(again).getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The card that opened the modal is gone; focus lands on the dog list, not on <body>.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'lista-de-perros'));
  });

  test("a failed delete goes back to the modal with the server's message", async () => {
    server.use(http.delete('/api/dog/:id', () => apiError(404, 'El perro no existe')));
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar a Toby?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sí, eliminar' }));
    const back = await screen.findByRole('dialog', { name: 'Editar información de Toby' });
    expect(await within(back).findByRole('alert')).toHaveTextContent('El perro no existe');
  });
});
