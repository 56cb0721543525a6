// The landing page: hero, SOBRE NOSOTROS, RECORRIDO, the adopt section and the footer.
import { within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { site } from '@/shared/site';
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

  test('the footer has navigation, contact e-mail and phone, the Cali address, social links and © 2024', async () => {
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
      `tel:${site.phoneHref}`,
    );
    expect(within(footer).getByText(/Cali, Valle del Cauca, Colombia/)).toBeInTheDocument();
    for (const social of site.social) {
      expect(
        within(footer).getByRole('link', { name: `${social.label} de Happy Dog` }),
      ).toHaveAttribute('href', social.href);
    }
    expect(footer).toHaveTextContent('© 2024 Happy Dog');
  });

  test('/home shows the same landing page', async () => {
    renderApp({ route: '/home' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/HAPPY DOG!/);
  });
});
