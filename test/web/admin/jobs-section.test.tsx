// /admin "Correos y tareas" against the MSW API: counts by state, the failed jobs by kind with
// tries and last error (never a message), "Reintentar" that puts one back in the queue, and a
// refused retry said in Spanish.
import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { JobsSection } from '@/features/admin/components/jobs-section';
import { JOB_MESSAGES, JOB_STATES, type Job, type JobList } from '@/shared/jobs';
import { API, apiError } from '../../support/msw/handlers';
import { server } from '../../support/msw/server';
import { renderFeature } from '../../support/render-feature';
import { screen } from '../../support/test-utils';

const failedJob = (id: string, kind: string, tries: number): Job => ({
  id,
  queue: 'mail',
  kind,
  state: 'failed',
  tries,
  last_error: 'connect ECONNREFUSED 127.0.0.1:25',
  created_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-21T03:00:00.000Z',
});

/** An API with these jobs; retrying one takes it out of the failed list. */
function jobsApi(jobs: Job[]) {
  const retried: string[] = [];
  const list = (): JobList => {
    const failed = jobs.filter((j) => !retried.includes(j.id));
    const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobList['counts'];
    counts.failed = failed.length;
    counts.completed = 12;
    counts.retry = retried.length;
    return { counts, jobs: failed };
  };
  server.use(
    http.get(`${API}/admin/jobs`, ({ request }) =>
      new URL(request.url).searchParams.get('state') === 'failed'
        ? HttpResponse.json(list())
        : apiError(400, 'estado inesperado en la prueba'),
    ),
    http.post(`${API}/admin/jobs/:id/retry`, ({ params }) => {
      const job = jobs.find((j) => j.id === params.id);
      if (!job || retried.includes(job.id)) return apiError(404, JOB_MESSAGES.notFailed);
      retried.push(job.id);
      return HttpResponse.json({ job: { ...job, state: 'retry' } });
    }),
  );
  return retried;
}

describe('Correos y tareas', () => {
  test('counts by state and the failed jobs; "Reintentar" puts one back in the queue', async () => {
    const retried = jobsApi([
      failedJob('6f1c0e4e-8a9b-4c1d-9e2f-3a4b5c6d7e8f', 'password-reset', 6),
      failedJob('0b4a1c53-8b9e-4a8f-9d8e-7c6b5a4f3e2d', 'interest-received', 1),
    ]);
    const { user } = await renderFeature(<JobsSection />);
    const section = await screen.findByRole('region', { name: 'Correos y tareas' });
    const counts = await within(section).findByLabelText('Tareas por estado');
    expect(counts).toHaveTextContent('Fallidas2');
    expect(counts).toHaveTextContent('Completadas12');
    const table = within(section).getByRole('table', { name: 'Tareas fallidas' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Correo: enlace para crear una nueva contraseña',
      'Correo: nueva solicitud "Me interesa"',
    ]);
    expect(rows[0]).toHaveTextContent('6 intentos');
    expect(rows[1]).toHaveTextContent('1 intento');
    expect(rows[0]).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');

    await user.click(within(rows[0]!).getByRole('button', { name: /^Reintentar: Correo: enlace/ }));
    await waitFor(() => expect(retried).toEqual(['6f1c0e4e-8a9b-4c1d-9e2f-3a4b5c6d7e8f']));
    expect(
      await screen.findByText(
        'Correo: enlace para crear una nueva contraseña: de nuevo en la cola.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getByLabelText('Tareas por estado')).toHaveTextContent('Fallidas1'),
    );
    expect(within(section).getAllByRole('row')).toHaveLength(2);
  });

  test('no failed jobs: says so', async () => {
    jobsApi([]);
    await renderFeature(<JobsSection />);
    expect(await screen.findByText('No hay tareas fallidas.')).toBeInTheDocument();
  });

  test('a refused retry is said in Spanish', async () => {
    jobsApi([failedJob('6f1c0e4e-8a9b-4c1d-9e2f-3a4b5c6d7e8f', 'password-changed', 6)]);
    server.use(
      http.post(`${API}/admin/jobs/:id/retry`, () => apiError(404, JOB_MESSAGES.notFailed)),
    );
    const { user } = await renderFeature(<JobsSection />);
    await user.click(await screen.findByRole('button', { name: /^Reintentar: Correo: aviso/ }));
    expect(await screen.findByText(JOB_MESSAGES.notFailed)).toBeInTheDocument();
  });

  test('a failed load offers to try again', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/admin/jobs`, () => {
        calls += 1;
        return calls === 1
          ? apiError(503, 'La base de datos no responde')
          : HttpResponse.json({
              counts: Object.fromEntries(JOB_STATES.map((s) => [s, 0])),
              jobs: [],
            });
      }),
    );
    const { user } = await renderFeature(<JobsSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('La base de datos no responde');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay tareas fallidas.')).toBeInTheDocument();
  });
});
