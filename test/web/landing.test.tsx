// The landing page: hero, SOBRE NOSOTROS, RECORRIDO, the adopt section and the footer.
import { within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { TEST_SITE as site } from '../support/msw/handlers';
import { renderApp, screen } from '../support/test-utils';

describe('landing page', () => {
  test('the hero shows the headline and ADOPTA leads to the adopt section', async () => {
    renderApp();
    const hero = await screen.findByRole('region', {
      name: 'DONDE LOS PERROS CONSIGUEN HOGAR HAPPY DOG!',
    });
    expect(hero).toHaveAttribute('id', 'home');
    expect(within(hero).getByRole('heading', { level: 1 })).toHaveTextContent(
      'DONDE LOS PERROS CONSIGUEN HOGAR HAPPY DOG!',
    );
    expect(within(hero).getByRole('link', { name: 'ADOPTA' })).toHaveAttribute('href', '/#adopt');
  });

  test('SOBRE NOSOTROS is the #about section and RECORRIDO has its four cards', async () => {
    renderApp();
    const about = await screen.findByRole('region', { name: 'SOBRE NOSOTROS' });
    expect(about).toHaveAttribute('id', 'about');
    expect(about).toHaveTextContent(/comunidad/i);

    const tour = screen.getByRole('region', { name: 'RECORRIDO' });
    const cards = within(tour).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Galería',
      'Ingresa',
      'Adopta',
      'Da en adopción',
    ]);
  });

  test('the dog carousel sits in the #adopt section', async () => {
    renderApp();
    const adopt = await screen.findByRole('region', { name: 'PERROS EN ADOPCIÓN' });
    expect(adopt).toHaveAttribute('id', 'adopt');
  });

  test('the footer has navigation, the configured contact e-mail, phone and address, social links and © 2024', async () => {
    renderApp();
    const footer = await screen.findByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Navegación' });
    expect(within(nav).getByRole('link', { name: 'Adoptar' })).toHaveAttribute('href', '/#adopt');
    expect(within(footer).getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    expect(within(footer).getByRole('link', { name: site.phone })).toHaveAttribute(
      'href',
      'tel:+573005550199',
    );
    expect(within(footer).getByText(/Cali, Valle del Cauca, Colombia/)).toBeInTheDocument();
    for (const [label, href] of [
      ['Instagram', site.instagram],
      ['Facebook', site.facebook],
      ['WhatsApp', site.whatsapp],
    ]) {
      expect(within(footer).getByRole('link', { name: `${label} de Happy Dog` })).toHaveAttribute(
        'href',
        href,
      );
    }
    // The policy and the catalogue are linked too.
    expect(
      within(nav).getByRole('link', { name: 'Política de tratamiento de datos' }),
    ).toHaveAttribute('href', '/privacidad');
    expect(footer).toHaveTextContent('© 2024 Happy Dog');
  });

  test('/home shows the same landing page', async () => {
    renderApp({ route: '/home' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/HAPPY DOG!/);
  });
});
