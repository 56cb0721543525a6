// The adoption application in the browser app: the "Perfil de adoptante" section of /cuenta (its
// Spanish errors naming the field, saving it), the application form saying what a dog not yet
// sterilized needs before anything is sent, /mis-solicitudes (the timeline, what happens next,
// withdrawing), the rescuer's pipeline with the profile copy and a WhatsApp message per state,
// and the rescuer's response time on the dog's page.
import { waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { AdopterProfile } from '@/shared/adopter-profile';
import { makeDog, makeUser } from '../support/factories';
import type { StoredInterest } from '../support/msw/mock-db';
import { mockDb } from '../support/msw/server';
import { renderApp, screen } from '../support/test-utils';

const vera = () =>
  makeUser({ id: 7, name: 'Vera Visita', email: 'vera@example.com', phone: '+573001112233' });
const olga = () =>
  makeUser({ id: 8, name: 'Olga Dueña', email: 'olga@example.com', phone: '+573009998877' });
const MESSAGE = 'Tengo patio grande y trabajo desde casa. ¿Podemos conocernos?';
const PROFILE: AdopterProfile = {
  housing: 'house',
  owns_home: false,
  landlord_allows_pets: true,
  adults: 2,
  children: 1,
  household_agrees: true,
  other_animals: 'Una gata',
  experience: '',
  hours_alone: 3,
  sleeps_where: 'Dentro de la casa',
  zone: 'cali-comuna-17',
  will_sterilize: true,
  accepts_follow_up: true,
};

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

describe('Perfil de adoptante in /cuenta', () => {
  test('the form names the field in its errors and saves the profile', async () => {
    const { user } = renderApp({ route: '/cuenta', loggedInAs: vera() });
    const form = await screen.findByRole('form', { name: 'Perfil de adoptante' });
    await user.click(within(form).getByRole('button', { name: 'Guardar perfil de adoptante' }));
    expect(
      await within(form).findByText('Vivienda: elige una casa, un apartamento o una finca'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Zona: elige una zona de la lista')).toBeInTheDocument();
    expect(mockDb.adopterProfiles.size).toBe(0);

    await user.click(within(form).getByRole('radio', { name: 'Apartamento' }));
    await user.click(within(form).getByRole('radio', { name: 'En arriendo' }));
    await user.type(within(form).getByRole('textbox', { name: /Horas solo al día/ }), '5');
    await user.type(within(form).getByRole('textbox', { name: /Dónde dormirá/ }), 'En la sala');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Zona/ }), 'cali-comuna-2');
    await user.click(within(form).getByRole('checkbox', { name: 'Me comprometo a esterilizarlo' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Acepto el seguimiento' }));
    // Renting: the landlord's answer is asked, and required.
    await user.click(within(form).getByRole('button', { name: 'Guardar perfil de adoptante' }));
    expect(
      await within(form).findByText(
        'El arrendador permite mascotas: si vives en arriendo, dinos si el arrendador permite mascotas',
      ),
    ).toBeInTheDocument();
    expect(mockDb.adopterProfiles.size).toBe(0);
    const landlord = within(form).getByRole('radiogroup', {
      name: '¿El arrendador permite mascotas?',
    });
    await user.click(within(landlord).getByRole('radio', { name: 'Sí' }));
    await user.click(within(form).getByRole('button', { name: 'Guardar perfil de adoptante' }));
    await waitFor(() =>
      expect(mockDb.adopterProfiles.get(7)).toEqual({
        housing: 'apartment',
        owns_home: false,
        landlord_allows_pets: true,
        adults: 1,
        children: 0,
        household_agrees: false,
        other_animals: '',
        experience: '',
        hours_alone: 5,
        sleeps_where: 'En la sala',
        zone: 'cali-comuna-2',
        will_sterilize: true,
        accepts_follow_up: true,
      }),
    );
  });
});

describe('the application form', () => {
  test('a dog not yet sterilized: the form says what it needs before sending', async () => {
    const { user } = renderApp({
      route: '/perros/1',
      dogs: [makeDog({ id: 1, name: 'Luna', hostage_id: 8, sterilized: false })],
      users: [olga()],
      loggedInAs: vera(),
    });
    await user.click(await screen.findByRole('button', { name: 'Me interesa' }));
    const form = await screen.findByRole('form', { name: 'Solicitud por Luna' });
    expect(await within(form).findByText('Luna aún no está esterilizado')).toBeInTheDocument();
    expect(
      within(form).getByRole('link', { name: 'Llenar mi perfil de adoptante' }),
    ).toHaveAttribute('href', '/cuenta#perfil-adoptante');
    expect(within(form).getByRole('button', { name: 'Enviar solicitud' })).toBeDisabled();
  });

  test('with a profile that commits, it says the profile goes along and sends it', async () => {
    const { user } = renderApp({
      route: '/perros/1',
      dogs: [makeDog({ id: 1, name: 'Luna', hostage_id: 8, sterilized: false })],
      users: [olga()],
      loggedInAs: vera(),
      adopterProfiles: { 7: PROFILE },
    });
    await user.click(await screen.findByRole('button', { name: 'Me interesa' }));
    const form = await screen.findByRole('form', { name: 'Solicitud por Luna' });
    expect(
      await within(form).findByText(/Con tu solicitud enviaremos tu perfil de adoptante/),
    ).toBeInTheDocument();
    await user.click(within(form).getByLabelText(/Tu mensaje/));
    await user.paste(MESSAGE);
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => expect(mockDb.interests).toHaveLength(1));
    expect(mockDb.interests[0]!.profile).toEqual(PROFILE);
  });
});

describe('/mis-solicitudes', () => {
  test('each application with its timeline and what happens next; an open one can be withdrawn', async () => {
    const { user } = renderApp({
      route: '/mis-solicitudes',
      dogs: [
        makeDog({ id: 1, name: 'Luna', hostage_id: 8 }),
        makeDog({ id: 2, name: 'Toby', hostage_id: 8 }),
      ],
      users: [olga()],
      loggedInAs: vera(),
      interests: [
        request({
          state: 'interview',
          history: [
            { state: 'new', at: '2026-03-01T15:00:00.000Z' },
            { state: 'interview', at: '2026-03-02T15:00:00.000Z', note: 'Te visito el sábado' },
          ],
        }),
        request({ id: 2, dogId: 2, state: 'declined' }),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mis solicitudes' }),
    ).toBeInTheDocument();
    const luna = screen.getByRole('article', { name: 'Luna' });
    const timeline = within(luna).getByRole('list', {
      name: 'Historia de tu solicitud por Luna',
    });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Recibida'),
      expect.stringContaining('Entrevista o visita'),
    ]);
    expect(within(timeline).getByText('«Te visito el sábado»')).toBeInTheDocument();
    expect(
      within(luna).getByText(/El siguiente paso es una entrevista o una visita/),
    ).toBeInTheDocument();
    const toby = screen.getByRole('article', { name: 'Toby' });
    expect(within(toby).getByText(/Esta vez no fuiste seleccionado/)).toBeInTheDocument();
    expect(within(toby).queryByRole('button', { name: 'Retirar solicitud' })).toBeNull();

    await user.click(within(luna).getByRole('button', { name: 'Retirar solicitud' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, retirarla' }));
    await waitFor(() => expect(mockDb.interests[0]!.state).toBe('withdrawn'));
    expect(
      await within(luna).findByText('Retirada', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
  });
});

describe("the rescuer's pipeline", () => {
  test('grouped by state, with the profile at a glance and a WhatsApp message for the state', async () => {
    const { user } = renderApp({
      route: '/mis-perros',
      dogs: [makeDog({ id: 1, name: 'Luna', hostage_id: 8 })],
      users: [vera(), makeUser({ id: 9, name: 'Eloy', email: 'eloy@example.com' })],
      loggedInAs: olga(),
      interests: [
        request({ profile: PROFILE }),
        request({ id: 2, senderId: 9, state: 'declined', phone: null }),
      ],
    });
    const requests = await screen.findByRole('region', { name: 'Solicitudes por Luna' });
    const toReview = within(requests).getByRole('region', { name: 'Por revisar (Luna)' });
    expect(within(toReview).getByText(/Casa en arriendo/)).toHaveTextContent(
      'Casa en arriendo (el arrendador sí permite mascotas), en Cali – Comuna 17',
    );
    expect(within(toReview).getByText(/Esterilizará: sí/)).toBeInTheDocument();
    const closed = within(requests).getByRole('region', { name: 'Cerradas (Luna)' });
    expect(
      within(closed).getByText('Envió la solicitud sin perfil de adoptante.'),
    ).toBeInTheDocument();

    const whatsapp = within(toReview).getByRole('link', { name: /Escribir por WhatsApp/ });
    const text = () =>
      new URL(
        within(requests)
          .getByRole('link', { name: /Escribir por WhatsApp/ })
          .getAttribute('href')!,
      ).searchParams.get('text');
    expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
      'Hola, Vera Visita. Soy quien publicó a Luna en Happy Dog: recibí tu solicitud y la voy a revisar. ¡Gracias por escribir!',
    );
    // Straight to interview, past review; the message follows the state.
    await user.click(within(toReview).getByRole('button', { name: 'Pasar a entrevista o visita' }));
    await waitFor(() => expect(mockDb.interests[0]!.state).toBe('interview'));
    const interview = await within(requests).findByRole('region', {
      name: 'Entrevista o visita (Luna)',
    });
    expect(within(interview).queryByRole('button', { name: 'Pasar a revisión' })).toBeNull();
    expect(text()).toContain('pasó a entrevista o visita');
  });

  test("the dog's page shows the rescuer's median response time when there is one", async () => {
    renderApp({
      route: '/perros/1',
      dogs: [makeDog({ id: 1, name: 'Luna', hostage_id: 8 })],
      users: [olga()],
      responseTimes: { 1: { median_minutes: 180, requests: 4 } },
    });
    expect(await screen.findByTestId('response-time')).toHaveTextContent(
      'Quien lo publicó suele responder las solicitudes en unas 3 horas',
    );
  });
});
