// The admin's view of background work: counts by state, the jobs in one state (failed ones by
// default) with their kind, tries and last error, and "Reintentar" for a failed one. A job's data
// never leaves the database beyond its kind: e-mails hold links that open accounts.
import type { FastifyInstance } from 'fastify';
import {
  JOB_MESSAGES,
  JOB_STATES,
  jobIdParamSchema,
  jobListQuerySchema,
  jobListSchema,
  jobRetryResponseSchema,
  type Job,
  type JobList,
  type JobState,
} from '../../shared/jobs';
import { HttpError } from '../http/errors';
import { errors } from '../http/responses';
import { createRouter } from '../http/route';

const ADMIN_TAG = 'Administración';
/** Jobs listed at most, the newest first. */
const LIST_LIMIT = 200;

type JobRow = Omit<Job, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

const toJob = (row: JobRow): Job => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function jobRoutes(app: FastifyInstance) {
  const router = createRouter(app);
  const table = `${app.jobs.schema}.job`;
  // Only what the console shows: the kind of an e-mail (never its message), tries, last error.
  const columns = `id::text AS id, name AS queue, COALESCE(data->>'kind', name) AS kind,
    state::text AS state,
    retry_count + CASE WHEN started_on IS NULL THEN 0 ELSE 1 END AS tries,
    CASE WHEN state IN ('failed', 'retry') THEN output->>'message' END AS last_error,
    created_on AS created_at, COALESCE(completed_on, start_after) AS updated_at`;

  const find = async (id: string): Promise<JobRow | undefined> =>
    (await app.db.query<JobRow>(`SELECT ${columns} FROM ${table} WHERE id = $1`, [id]))[0];

  router.route(
    {
      method: 'GET',
      url: '/api/admin/jobs',
      summary:
        'Correos y tareas en segundo plano: cuántas hay en cada estado y las de un estado (por defecto las fallidas), con su tipo, intentos y último error; nunca el texto ni los enlaces de un correo',
      tag: ADMIN_TAG,
      auth: 'admin',
      querystring: jobListQuerySchema,
      responses: {
        200: {
          description: 'Conteos y hasta 200 tareas, las más recientes primero',
          schema: jobListSchema,
        },
        ...errors(400),
      },
    },
    async ({ query }): Promise<JobList> => {
      const [counted, rows] = await Promise.all([
        app.db.query<{ state: JobState; n: number }>(
          `SELECT state::text AS state, count(*)::int AS n FROM ${table}
            WHERE name NOT LIKE '\\_\\_%' GROUP BY state`,
        ),
        app.db.query<JobRow>(
          `SELECT ${columns} FROM ${table}
            WHERE state = $1::text::${app.jobs.schema}.job_state AND name NOT LIKE '\\_\\_%'
            ORDER BY created_on DESC, id DESC LIMIT ${LIST_LIMIT}`,
          [query.state],
        ),
      ]);
      const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobList['counts'];
      for (const row of counted) counts[row.state] = row.n;
      return { counts, jobs: rows.map(toJob) };
    },
  );

  router.route(
    {
      method: 'POST',
      url: '/api/admin/jobs/:id/retry',
      summary: 'Reintenta una tarea fallida (un correo que no salió): vuelve a la cola ya mismo',
      tag: ADMIN_TAG,
      auth: 'admin',
      params: jobIdParamSchema,
      responses: {
        200: { description: 'La tarea, de nuevo en cola', schema: jobRetryResponseSchema },
        ...errors(400, 404),
      },
    },
    async ({ request, params, session }) => {
      const job = await find(params.id);
      if (!job || job.state !== 'failed') throw new HttpError(404, JOB_MESSAGES.notFailed);
      await app.jobs.boss.retry(job.queue, job.id);
      const after = await find(params.id);
      if (!after || after.state === 'failed') throw new HttpError(404, JOB_MESSAGES.notFailed);
      app.jobs.wake(job.queue);
      request.log.info(
        { event: 'job_retried', jobId: job.id, kind: job.kind, userId: session.user.id },
        'failed job retried by an admin',
      );
      return { job: toJob(after) };
    },
  );
}
