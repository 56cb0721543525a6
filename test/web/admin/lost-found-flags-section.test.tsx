// /admin "Denuncias en perdidos y encontrados" against the MSW API: one row per reported report
// with its publisher and complaints, "Ocultar" that asks why (and refuses an empty reason in
// Spanish), keeps the hidden report on screen with "Restaurar", and a refusal said in Spanish.
import { waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, test } from 'vitest';
import { LostFoundFlagsSection } from '@/features/admin/components/lost-found-flags-section';
import { LOST_FOUND_MESSAGES, type LostFoundFlagGroup } from '@/shared/lost-found';
import { API, apiError } from '../../support/msw/handlers';
import { lostFoundFlagsApi, server } from '../../support/msw/server';
import { renderFeature } from '../../support/render-feature';
import { screen } from '../../support/test-utils';

const group = (id: number, name: string, reasons: string[]): LostFoundFlagGroup => ({
  report: { id, kind: 'lost', name, zone_name: 'Cali – Comuna 17', hidden: false },
  reporter: { id: 3, name: 'Rosa Reporta', email: 'rosa@example.com' },
  count: reasons.length,
  flags: reasons.map((reason, index) => ({
    id: id * 10 + index,
    reason,
    details: index === 0 ? 'Pide plata por adelantado' : '',
    created_at: '2026-11-21T15:00:00.000Z',
    by: { id: 20 + index, name: `Persona ${index + 1}`, email: `p${index + 1}@example.com` },
  })),
});

describe('Denuncias en perdidos y encontrados', () => {
  test('lists the complaints; "Ocultar" asks why, then "Restaurar" undoes it', async () => {
    const log = lostFoundFlagsApi([
      group(11, 'Luna', ['false_info', 'spam']),
      group(12, '', ['other']),
    ]);
    const { user } = await renderFeature(<LostFoundFlagsSection />);
    const section = await screen.findByRole('region', {
      name: 'Denuncias en perdidos y encontrados',
    });
    const table = await within(section).findByRole('table', {
      name: 'Denuncias en perdidos y encontrados',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!).getByRole('link', { name: 'Perdido: Luna, Cali – Comuna 17' }),
    ).toHaveAttribute('href', '/perdidos/11');
    expect(rows[0]).toHaveTextContent('Rosa Reporta (rosa@example.com)');
    expect(rows[0]).toHaveTextContent('2 denuncias');
    expect(rows[0]).toHaveTextContent('Información falsa');
    expect(rows[0]).toHaveTextContent('Pide plata por adelantado');
    expect(rows[0]).toHaveTextContent('Persona 2 (p2@example.com)');
    expect(rows[1]).toHaveTextContent('Perdido: sin nombre, Cali – Comuna 17');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Ocultar el reporte 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocultar el reporte 11' });
    await user.click(within(dialog).getByRole('button', { name: 'Ocultar reporte' }));
    expect(await within(dialog).findByText('El motivo es obligatorio')).toBeInTheDocument();
    expect(log).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Estafa');
    await user.click(within(dialog).getByRole('button', { name: 'Ocultar reporte' }));
    expect(await screen.findByText('El reporte 11 quedó oculto.')).toBeInTheDocument();
    expect(log).toEqual(['hide 11: Estafa']);

    // Its complaints closed, yet it stays here, hidden, with "Restaurar".
    const restore = await within(section).findByRole('button', {
      name: 'Restaurar el reporte 11',
    });
    expect(within(section).getByText('Reporte oculto')).toBeInTheDocument();
    await user.click(restore);
    const confirm = await screen.findByRole('dialog', { name: 'Restaurar el reporte 11' });
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('El reporte 11 se ve de nuevo.')).toBeInTheDocument();
    expect(log).toEqual(['hide 11: Estafa', 'restore 11']);
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));
    expect(within(section).queryByText('Reporte oculto')).toBeNull();
  });

  test('no complaints: says so', async () => {
    lostFoundFlagsApi([]);
    await renderFeature(<LostFoundFlagsSection />);
    expect(
      await screen.findByText('No hay denuncias abiertas sobre perdidos y encontrados.'),
    ).toBeInTheDocument();
  });

  test('a refused hide is said in Spanish in the dialog', async () => {
    lostFoundFlagsApi([group(11, 'Luna', ['spam'])]);
    // Another admin hid it meanwhile.
    server.use(
      http.post(`${API}/admin/lost-found/:id/hide`, () =>
        apiError(409, LOST_FOUND_MESSAGES.alreadyHidden),
      ),
    );
    const { user } = await renderFeature(<LostFoundFlagsSection />);
    await user.click(await screen.findByRole('button', { name: 'Ocultar el reporte 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocultar el reporte 11' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Estafa');
    await user.click(within(dialog).getByRole('button', { name: 'Ocultar reporte' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      LOST_FOUND_MESSAGES.alreadyHidden,
    );
    expect(screen.queryByRole('button', { name: 'Restaurar el reporte 11' })).toBeNull();
  });
});
