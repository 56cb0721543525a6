// From listing to adoption in the browser app: "Me interesa" on a dog's page (the form, its
// Spanish errors, the phone prefilled from the profile, the state of the request sent), anonymous
// visitors sent to log in, WhatsApp in the owner's contact, an adopted dog's page without contact,
// and "Mis publicaciones": the owner's dogs and requests, answering them, the status control, the
// requests sent, the count of new requests in the bar and the login it asks for.
import { waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { StoredInterest } from '../support/msw/mock-db';
import { makeDog, makeUser } from '../support/factories';
import { mockDb } from '../support/msw/server';
import { currentPath, findCarousel, renderApp, screen } from '../support/test-utils';

const vera = () =>
  makeUser({ id: 7, name: 'Vera Visita', email: 'vera@example.com', phone: '+573001112233' });
const olga = () =>
  makeUser({ id: 8, name: 'Olga Dueña', email: 'olga@example.com', phone: '+573009998877' });
const luna = () => makeDog({ id: 1, name: 'Luna', hostage_id: 8, status: 'available' });
const MESSAGE = 'Tengo patio grande y trabajo desde casa. ¿Podemos conocernos?';

const request = (overrides: Partial<StoredInterest> = {}): StoredInterest => ({
  id: 1,
  dogId: 1,
  senderId: 7,
  message: MESSAGE,
  phone: '+573001112233',
  state: 'new',
  created_at: '2026-03-01T15:00:00.000Z',
  updated_at: '2026-03-01T15:00:00.000Z',
  ...overrides,
});

describe('"Me interesa" on the dog page', () => {
  test('a logged-in visitor writes to the owner; the page then shows the request state', async () => {
    const { user } = renderApp({
      route: '/perros/1',
      dogs: [luna()],
      users: [olga()],
      loggedInAs: vera(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Luna' })).toBeInTheDocument();

    // The owner's phone: a WhatsApp link with a message naming the dog and its page.
    const whatsapp = await screen.findByRole('link', { name: 'Escribir por WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/573009998877');
    expect(href.searchParams.get('text')).toBe(
      `Hola, vi a Luna en Happy Dog y me interesa adoptarlo. ${window.location.origin}/perros/1`,
    );

    await user.click(screen.getByRole('button', { name: 'Me interesa' }));
    const form = await screen.findByRole('form', { name: 'Solicitud por Luna' });
    // The button is gone: the cursor is in the message.
    await waitFor(() => expect(within(form).getByLabelText(/Tu mensaje/)).toHaveFocus());
    // The phone comes from the profile.
    await waitFor(() =>
      expect(within(form).getByLabelText('Tu celular (opcional)')).toHaveValue('300 1112233'),
    );
    await user.type(within(form).getByLabelText(/Tu mensaje/), 'Hola');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(
      await within(form).findByText('El mensaje debe tener al menos 10 caracteres'),
    ).toBeInTheDocument();
    expect(mockDb.interests).toEqual([]);

    await user.clear(within(form).getByLabelText(/Tu mensaje/));
    await user.click(within(form).getByLabelText(/Tu mensaje/));
    await user.paste(MESSAGE);
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    const state = await screen.findByRole('status', { name: '' });
    await waitFor(() => expect(state).toHaveTextContent('Ya enviaste una solicitud:Recibida'));
    // The form is gone too: focus goes to what replaced it, the request's state.
    await waitFor(() => expect(state).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Me interesa' })).not.toBeInTheDocument();
    expect(mockDb.interests).toMatchObject([
      { dogId: 1, senderId: 7, message: MESSAGE, phone: '+573001112233', state: 'new' },
    ]);
  });

  test('after an answer the visitor sees it and may write again', async () => {
    renderApp({
      route: '/perros/1',
      dogs: [luna()],
      users: [olga()],
      loggedInAs: vera(),
      interests: [request({ state: 'declined' })],
    });
    const state = await screen.findByText('No seleccionada');
    expect(state.closest('[role="status"]')).toHaveTextContent('Ya enviaste una solicitud:');
    expect(screen.getByRole('button', { name: 'Enviar otra solicitud' })).toBeInTheDocument();
  });

  test('Cancelar closes the form and gives focus back to "Me interesa"; nothing is sent', async () => {
    const { user } = renderApp({
      route: '/perros/1',
      dogs: [luna()],
      users: [olga()],
      loggedInAs: vera(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Luna' });
    await user.click(await screen.findByRole('button', { name: 'Me interesa' }));
    const form = await screen.findByRole('form', { name: 'Solicitud por Luna' });
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(form).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Me interesa' })).toHaveFocus());
    expect(mockDb.interests).toEqual([]);
  });

  test('an anonymous visitor is sent to log in and back to the dog; no contact is shown', async () => {
    const { user, router } = renderApp({ route: '/perros/1', dogs: [luna()], users: [olga()] });
    await screen.findByRole('heading', { level: 1, name: 'Luna' });
    expect(screen.queryByText('olga@example.com')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Escribir por WhatsApp' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Me interesa' }));
    await waitFor(() => expect(currentPath(router)).toBe('/entrar'));
    expect(router.state.location.search).toEqual({ redirect: '/perros/1' });
  });

  test('an adopted dog keeps its page and badge, with no contact nor "Me interesa"', async () => {
    renderApp({
      route: '/perros/1',
      dogs: [makeDog({ id: 1, name: 'Luna', hostage_id: 8, status: 'adopted' })],
      users: [olga()],
      loggedInAs: vera(),
    });
    expect(await screen.findByText('¡Ya encontró hogar!')).toBeInTheDocument();
    expect(screen.getByText('¡Adoptado!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Me interesa' })).not.toBeInTheDocument();
    expect(screen.queryByText('olga@example.com')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Escribir por WhatsApp' })).not.toBeInTheDocument();
  });

  test('the owner gets the status control on the page, and no "Me interesa"', async () => {
    const { user } = renderApp({ route: '/perros/1', dogs: [luna()], loggedInAs: olga() });
    const status = await screen.findByLabelText('Estado de la publicación');
    expect(screen.queryByRole('button', { name: 'Me interesa' })).not.toBeInTheDocument();
    await user.selectOptions(status, 'pending');
    await waitFor(() => expect(mockDb.dogs[0]!.status).toBe('pending'));
    // The other fields stay as they were.
    expect(mockDb.dogs[0]).toMatchObject({ name: 'Luna', city: 'Cali', weight: '12 kg' });
    expect(
      await screen.findByText('En proceso', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
  });
});

describe('"Me interesa" in the dog modal and the adopted figure', () => {
  test('the view modal has "Me interesa" for a logged-in visitor', async () => {
    const { user } = renderApp({ dogs: [luna()], users: [olga()], loggedInAs: vera() });
    await findCarousel();
    const card = await screen.findByRole('article', { name: 'Luna' });
    await user.click(within(card).getByRole('button', { name: 'Info Dog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Información de Luna' });
    await user.click(await within(dialog).findByRole('button', { name: 'Me interesa' }));
    const form = await within(dialog).findByRole('form', { name: 'Solicitud por Luna' });
    await user.click(within(form).getByLabelText(/Tu mensaje/));
    await user.paste(MESSAGE);
    await user.clear(within(form).getByLabelText('Tu celular (opcional)'));
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(dialog).findByText('Recibida')).toBeInTheDocument();
    expect(mockDb.interests).toMatchObject([{ dogId: 1, senderId: 7, phone: null }]);
    expect(within(dialog).getByRole('link', { name: 'Escribir por WhatsApp' })).toBeInTheDocument();
  });

  test('the landing page says how many dogs were adopted', async () => {
    renderApp({
      dogs: [
        luna(),
        makeDog({ id: 2, name: 'Toby', hostage_id: 8, status: 'adopted' }),
        makeDog({ id: 3, name: 'Kira', hostage_id: 8, status: 'adopted' }),
      ],
      users: [olga()],
    });
    expect(await screen.findByTestId('adopted-count')).toHaveTextContent(
      '2 perros adoptados gracias a la comunidad de Happy Dog.',
    );
  });
});

const TOBY_COVER = {
  id: 41,
  url: '/media/toby-1280.jpg',
  srcset: {
    avif: '/media/toby-320.avif 320w',
    webp: '/media/toby-320.webp 320w',
    jpeg: '/media/toby-320.jpg 320w',
  },
  width: 1280,
  height: 960,
  placeholder: 'data:image/webp;base64,AAAA',
};

describe('Mis publicaciones', () => {
  test('an anonymous visitor is sent to log in first', async () => {
    const { router } = renderApp({ route: '/mis-perros' });
    await waitFor(() => expect(currentPath(router)).toBe('/entrar'));
    expect(router.state.location.search).toEqual({ redirect: '/mis-perros' });
  });

  test('the owner sees each dog with its requests, answers them and marks the dog adopted', async () => {
    const { user } = renderApp({
      route: '/mis-perros',
      dogs: [
        luna(),
        makeDog({ id: 2, name: 'Toby', hostage_id: 8, status: 'pending', photos: [TOBY_COVER] }),
      ],
      users: [vera()],
      loggedInAs: olga(),
      interests: [request()],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mis publicaciones' }),
    ).toBeInTheDocument();
    // The bar counts the new request (as an icon button from md on, a link in the burger panel).
    const banner = screen.getByRole('banner');
    expect(
      await within(banner).findByRole('link', { name: 'Mis publicaciones: 1 solicitud nueva' }),
    ).toBeInTheDocument();

    const dogs = screen.getByRole('list', { name: 'Mis perros' });
    const lunaItem = within(dogs).getByRole('article', { name: 'Luna' });
    const requests = within(lunaItem).getByRole('region', { name: 'Solicitudes por Luna' });
    expect(within(requests).getByText('Vera Visita')).toBeInTheDocument();
    expect(within(requests).getByText(MESSAGE)).toBeInTheDocument();
    expect(within(requests).getByRole('link', { name: 'vera@example.com' })).toHaveAttribute(
      'href',
      'mailto:vera@example.com',
    );
    expect(
      within(requests).getByRole('link', {
        name: 'Escribir por WhatsApp a Vera Visita (300 1112233)',
      }),
    ).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/573001112233\?text=/));
    expect(
      within(requests).getByText('Recibida', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    const toby = within(dogs).getByRole('article', { name: 'Toby' });
    // A dog with uploaded photos shows its cover, not the image URL field.
    expect(within(toby).getByRole('img', { name: 'Toby' })).toHaveAttribute('src', TOBY_COVER.url);
    expect(
      within(toby).getByText('Todavía nadie envió «Me interesa» por Toby.'),
    ).toBeInTheDocument();

    await user.click(within(requests).getByRole('button', { name: 'Pasar a revisión' }));
    expect(
      await within(requests).findByText('En revisión', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(mockDb.interests[0]!.state).toBe('reviewing');
    // No new request left: the bar's count goes.
    await waitFor(() =>
      expect(within(banner).queryByTestId('new-requests')).not.toBeInTheDocument(),
    );

    await user.selectOptions(within(lunaItem).getByLabelText('Estado de Luna'), 'adopted');
    await waitFor(() => expect(mockDb.dogs.find((d) => d.id === 1)!.status).toBe('adopted'));
    expect(
      await within(lunaItem).findByText('¡Adoptado!', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
  });

  test('the requests the person sent are counted, with a link to Mis solicitudes', async () => {
    renderApp({
      route: '/mis-perros',
      dogs: [luna()],
      users: [olga()],
      loggedInAs: vera(),
      interests: [request({ state: 'declined' })],
    });
    expect(await screen.findByText('Todavía no publicaste ningún perro.')).toBeInTheDocument();
    expect(await screen.findByText(/Enviaste 1 solicitud \(0 abiertas\)/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Ver mis solicitudes y en qué va cada una' }),
    ).toHaveAttribute('href', '/mis-solicitudes');
  });
});
