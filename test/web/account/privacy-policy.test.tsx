// The personal data policy page: responsible party and contact, the rights of Ley 1581 de 2012,
// how to exercise them, and the version a person accepts at registration.
import { describe, expect, test } from 'vitest';
import {
  PrivacyPolicyScreen,
  spanishDate,
} from '@/features/account/components/privacy-policy-screen';
import { TEST_SITE as site } from '../../support/msw/handlers';
import { PRIVACY_POLICY } from '@/shared/privacy';
import { renderFeature } from '../../support/render-feature';
import { screen } from '../../support/test-utils';

describe('privacy policy', () => {
  test('names who is responsible, the data and why, the rights and how to exercise them, and its version', async () => {
    await renderFeature(<PrivacyPolicyScreen />);
    // The controller's details arrive from GET /api/site.
    expect(await screen.findByText(`Teléfono: ${site.phone}.`)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Política de tratamiento de datos personales',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Versión ${PRIVACY_POLICY.version}, vigente desde el ${spanishDate(PRIVACY_POLICY.date)}.`,
      ),
    ).toBeInTheDocument();
    for (const heading of [
      '1. Responsable del tratamiento',
      '2. Qué datos tratamos',
      '3. Para qué los usamos',
      '4. Tus derechos',
      '5. Cómo ejercerlos',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    const text = document.body.textContent ?? '';
    expect(text).toContain('Ley Estatutaria 1581 de 2012');
    for (const right of [
      'Conocer',
      'Actualizar',
      'rectificar',
      'Revocar la autorización',
      'supresión',
      'Presentar quejas ante la Superintendencia de Industria y Comercio',
    ]) {
      expect(text).toContain(right);
    }
    // The data controller is the configured one, not a placeholder.
    expect(text).toContain(`Dirección: ${site.street}, ${site.city}.`);
    expect(text).toContain(`Teléfono: ${site.phone}.`);
    expect(screen.getAllByRole('link', { name: site.email }).length).toBeGreaterThan(0);
    for (const link of screen.getAllByRole('link', { name: site.email })) {
      expect(link).toHaveAttribute('href', `mailto:${site.email}`);
    }
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/cuenta');
  });

  test('dates read the same everywhere', () => {
    expect(spanishDate('2026-11-23')).toBe('23 de noviembre de 2026');
    expect(spanishDate('2027-01-05')).toBe('5 de enero de 2027');
  });
});
