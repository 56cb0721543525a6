// Closing an adoption and its follow-up in the browser app: the rescuer closes from an approved
// application, the adopter reads and accepts the acta, records the sterilization and switches
// the consent to share; the check-in page without login (status, message, a photo; a wrong link
// is refused); adoptions listed with overdue ones first in Mis publicaciones and in /cuenta; "Así
// está hoy" on an adopted dog's page and /finales-felices without names; the rescuer cancels a
// pending adoption and the adopter's page then says the acta cannot be accepted; an adoption whose
// dog's listing was deleted shows the name it kept, with no link to a page that is gone.
import { waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { actaText, type AdoptionDetail, type HappyEnding } from '@/shared/follow-up';
import { makeDog, makeUser } from '../support/factories';
import { mockPhoto } from '../support/msw/handlers';
import type { StoredAdoption, StoredInterest } from '../support/msw/mock-db';
import { mockDb } from '../support/msw/server';
import { currentPath, renderApp, screen } from '../support/test-utils';

const vera = () => makeUser({ id: 7, name: 'Vera Adoptante', email: 'vera@example.com' });
const olga = () => makeUser({ id: 8, name: 'Olga Rescatista', email: 'olga@example.com' });
const eloy = () => makeUser({ id: 9, name: 'Eloy Extraño', email: 'eloy@example.com' });

function adoption(
  id: number,
  overrides: Partial<AdoptionDetail['adoption']> = {},
  dogName = 'Luna',
): StoredAdoption {
  return {
    rescuerId: 8,
    adopterId: 7,
    detail: {
      adoption: {
        id,
        state: 'pending',
        dog: { id: id, name: dogName, image: '' },
        rescuer: { name: 'Olga Rescatista', email: 'olga@example.com' },
        adopter: { name: 'Vera Adoptante', email: 'vera@example.com' },
        interest_id: 1,
        acta_version: null,
        acta: actaText(dogName, '2026-05-01'),
        created_at: '2026-03-01T15:00:00.000Z',
        accepted_at: null,
        returned_at: null,
        return_note: null,
        cancelled_at: null,
        share_consent: false,
        role: 'rescuer',
        overdue: false,
        ...overrides,
      },
      checkins: [],
      sterilization: {
        required: true,
        due: '2026-05-01',
        done_on: null,
        clinic: null,
        photo: null,
        recorded_at: null,
        overdue: false,
      },
    },
  };
}

describe('/adopciones/$id', () => {
  test('the adopter reads the acta and accepts it once they say they read it', async () => {
    const { user } = renderApp({
      route: '/adopciones/1',
      users: [olga()],
      loggedInAs: vera(),
      adoptions: [adoption(1)],
    });
    expect(await screen.findByRole('heading', { name: 'Adopción de Luna' })).toBeInTheDocument();
    expect(screen.getAllByText(/a más tardar el 1 de mayo de 2026/).length).toBeGreaterThan(0);
    const accept = screen.getByRole('button', { name: 'Aceptar el acta' });
    expect(accept).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Leí el acta/ }));
    await user.click(accept);
    expect(await screen.findByText(/Aceptada el .* \(versión 2026-11\)/)).toBeInTheDocument();
    expect(screen.getByText('Adoptado, en seguimiento')).toBeInTheDocument();
    expect(mockDb.adoptions[0]!.detail.adoption.state).toBe('active');
  });

  test('the adopter records the sterilization and switches the consent; errors in Spanish', async () => {
    const { user } = renderApp({
      route: '/adopciones/1',
      users: [olga()],
      loggedInAs: vera(),
      adoptions: [adoption(1, { state: 'active', accepted_at: '2026-03-02T15:00:00.000Z' })],
    });
    const form = await screen.findByRole('form', { name: 'Registrar la esterilización' });
    await user.click(within(form).getByRole('button', { name: 'Registrar esterilización' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Escribe la fecha de la esterilización',
    );
    await user.type(within(form).getByLabelText(/Fecha/), '2026-03-20');
    await user.type(within(form).getByLabelText(/Clínica/), 'Clínica del Sur');
    await user.click(within(form).getByRole('button', { name: 'Registrar esterilización' }));
    expect(
      await screen.findByText('Hecha el 20 de marzo de 2026 en Clínica del Sur.'),
    ).toBeInTheDocument();
    const share = screen.getByRole('switch', { name: /Mostrar la última foto de Luna/ });
    expect(share).not.toBeChecked();
    await user.click(share);
    await waitFor(() => expect(mockDb.adoptions[0]!.detail.adoption.share_consent).toBe(true));
  });

  test('someone else is told they cannot see it', async () => {
    renderApp({
      route: '/adopciones/1',
      users: [olga(), vera()],
      loggedInAs: eloy(),
      adoptions: [adoption(1)],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Solo quien entregó el perro, quien lo adoptó o un administrador pueden verla',
    );
  });

  test('the rescuer records a return after confirming', async () => {
    const { user } = renderApp({
      route: '/adopciones/1',
      users: [vera()],
      loggedInAs: olga(),
      adoptions: [adoption(1, { state: 'active', accepted_at: '2026-03-02T15:00:00.000Z' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Registrar regreso' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, registrar el regreso' }));
    expect(await screen.findByText(/Luna regresó el/)).toBeInTheDocument();
  });
});

describe('/adopciones/$id: cancelling and a deleted listing', () => {
  test('the rescuer cancels a pending adoption after confirming', async () => {
    const { user } = renderApp({
      route: '/adopciones/1',
      users: [vera()],
      loggedInAs: olga(),
      adoptions: [adoption(1)],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancelar adopción' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar la adopción de Luna?' });
    expect(dialog).toHaveTextContent('Vera Adoptante ya no podrá aceptar el acta');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la adopción' }));
    expect(
      await screen.findByText(/Olga Rescatista canceló esta adopción el .*ya no puede aceptarse/),
    ).toBeInTheDocument();
    expect(screen.getByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar adopción' })).not.toBeInTheDocument();
    expect(mockDb.adoptions[0]!.detail.adoption.state).toBe('cancelled');
  });

  test('going back from the confirmation keeps the adoption pending', async () => {
    const { user } = renderApp({
      route: '/adopciones/1',
      users: [vera()],
      loggedInAs: olga(),
      adoptions: [adoption(1)],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancelar adopción' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar la adopción de Luna?' });
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Acta pendiente')).toBeInTheDocument();
    expect(mockDb.adoptions[0]!.detail.adoption.state).toBe('pending');
  });

  test('the adopter cannot cancel; their link to a cancelled adoption cannot be accepted', async () => {
    renderApp({
      route: '/adopciones/1',
      users: [olga()],
      loggedInAs: vera(),
      adoptions: [adoption(1, { state: 'cancelled', cancelled_at: '2026-03-03T15:00:00.000Z' })],
    });
    expect(
      await screen.findByText(
        'Olga Rescatista canceló esta adopción el 3 de marzo de 2026, antes de que se aceptara el acta: ya no puede aceptarse.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar el acta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Leí el acta/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar adopción' })).not.toBeInTheDocument();
  });

  test('a deleted listing: the kept name, no link to its page, a return that only ends the follow-up', async () => {
    const { user } = renderApp({
      route: '/adopciones/1',
      users: [vera()],
      loggedInAs: olga(),
      adoptions: [
        adoption(1, {
          state: 'active',
          accepted_at: '2026-03-02T15:00:00.000Z',
          dog: { id: null, name: 'Luna', image: '/dog-placeholder.svg' },
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Adopción de Luna' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /La publicación de Luna se eliminó; la adopción y su seguimiento se conservan/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ver la página de Luna/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar regreso' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Luna regresó contigo?' });
    expect(dialog).toHaveTextContent('Terminará el seguimiento.');
    expect(dialog).not.toHaveTextContent('se publicará de nuevo');
  });
});

describe('/seguimiento/$token', () => {
  const prompt = {
    seq: 1,
    total: 4,
    due_at: '2026-03-05T15:00:00.000Z',
    expires_at: '2026-03-23T15:00:00.000Z',
    dog: { name: 'Luna', image: '' },
  };

  test('answers without login: status, message and a photo; then thanks', async () => {
    const { user } = renderApp({ route: '/seguimiento/abc123', checkins: { abc123: prompt } });
    const form = await screen.findByRole('form', { name: 'Seguimiento' });
    expect(screen.getByRole('heading', { name: '¿Cómo está Luna?' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enviar seguimiento' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Elige cómo está: Todo bien, Necesito ayuda o Ya no puedo tenerlo',
    );
    await user.click(within(form).getByRole('radio', { name: 'Todo bien' }));
    await user.type(within(form).getByRole('textbox', { name: /Cuéntanos/ }), 'Duerme en el sofá');
    await user.upload(
      within(form).getByLabelText(/Fotos de Luna/),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'luna.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(form).findByRole('img', { name: /Foto de Luna/ })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enviar seguimiento' }));
    expect(await screen.findByText(/Nos alegra saber que todo va bien/)).toBeInTheDocument();
    expect(mockDb.checkinAnswers.get('abc123')).toEqual({
      status: 'ok',
      message: 'Duerme en el sofá',
      photo_ids: [1],
    });
  });

  test('a wrong link says so', async () => {
    renderApp({ route: '/seguimiento/nope', checkins: { abc123: prompt } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El enlace de seguimiento no es válido',
    );
  });
});

describe('lists and public pages', () => {
  const approved: StoredInterest = {
    id: 1,
    dogId: 1,
    senderId: 7,
    message: 'Tengo patio grande y trabajo desde casa.',
    phone: null,
    state: 'approved',
    created_at: '2026-03-01T15:00:00.000Z',
    updated_at: '2026-03-01T15:00:00.000Z',
  };

  test('Mis publicaciones: overdue adoptions first, and closing from an approved request', async () => {
    const { user, router } = renderApp({
      route: '/mis-perros',
      dogs: [makeDog({ id: 1, name: 'Luna', hostage_id: 8 })],
      users: [vera()],
      interests: [approved],
      loggedInAs: olga(),
      adoptions: [
        adoption(5, { state: 'active' }, 'Rocky'),
        adoption(6, { state: 'active', overdue: true }, 'Canela'),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Adopciones que cerraste' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Canela');
    expect(items[0]).toHaveTextContent('Seguimiento atrasado');
    expect(items[1]).toHaveTextContent('Rocky');
    await user.click(
      await screen.findByRole('button', { name: 'Cerrar adopción con Vera Adoptante' }),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/adopciones/7'));
    expect(
      await screen.findByText('Esperando que Vera Adoptante lea y acepte el acta.'),
    ).toBeInTheDocument();
  });

  test('/cuenta lists the adopter’s adoptions', async () => {
    renderApp({
      route: '/cuenta',
      users: [olga()],
      loggedInAs: vera(),
      adoptions: [adoption(3, { state: 'active' }, 'Toby')],
    });
    const list = await screen.findByRole('list', { name: 'Perros que adoptaste' });
    expect(within(list).getByRole('link', { name: 'Toby' })).toHaveAttribute(
      'href',
      '/adopciones/3',
    );
  });

  test('lists show an adoption whose listing was deleted, linked to the adoption', async () => {
    renderApp({
      route: '/cuenta',
      users: [olga()],
      loggedInAs: vera(),
      adoptions: [
        adoption(3, { state: 'active', dog: { id: null, name: 'Toby', image: '' } }, 'Toby'),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Perros que adoptaste' });
    expect(within(list).getByRole('link', { name: 'Toby' })).toHaveAttribute(
      'href',
      '/adopciones/3',
    );
    expect(list).toHaveTextContent('publicación eliminada');
  });

  const story: HappyEnding = {
    dog: { id: 1, name: 'Luna' },
    photo: mockPhoto(40),
    at: '2026-06-01T15:00:00.000Z',
    adopted_at: '2026-03-02T15:00:00.000Z',
  };

  test('an adopted dog’s page shows "Así está hoy" when shared', async () => {
    renderApp({
      route: '/perros/1',
      dogs: [makeDog({ id: 1, name: 'Luna', hostage_id: 8, status: 'adopted' })],
      users: [olga()],
      happyEndings: [story],
    });
    const section = await screen.findByRole('region', { name: 'Así está hoy' });
    expect(
      within(section).getByRole('img', { name: 'Luna en su nuevo hogar' }),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent('Foto del 1 de junio de 2026');
  });

  test('/finales-felices lists the stories without names or contacts', async () => {
    renderApp({ route: '/finales-felices', users: [olga(), vera()], happyEndings: [story] });
    const list = await screen.findByRole('list', { name: 'Finales felices' });
    expect(within(list).getByRole('heading', { name: 'Luna' })).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/Vera|Olga|@/);
  });

  test('/finales-felices keeps the story of a dog whose listing was deleted', async () => {
    renderApp({
      route: '/finales-felices',
      happyEndings: [story, { ...story, dog: { id: null, name: 'Nube' }, photo: mockPhoto(41) }],
    });
    const list = await screen.findByRole('list', { name: 'Finales felices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: 'Nube en su nuevo hogar' })).toBeInTheDocument();
  });
});
