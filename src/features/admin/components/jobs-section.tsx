// /admin "Correos y tareas": how many background jobs are in each state, and the failed ones
// (e-mails that could not be delivered after every retry, other tasks) with their kind, tries
// and last error; "Reintentar" puts one back in the queue. A message's text or link never shows.
import { Button, Stack, Text } from '@mantine/core';
import { notify } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import { useHydrating } from '@/lib/use-hydrating';
import { JOB_STATE_LABELS, JOB_STATES, jobKindLabel } from '@/shared/jobs';
import { useFailedJobs, useRetryJob } from '../api/jobs';
import { AdminTable, formatDate, Section } from './admin-parts';
import classes from './admin-page.module.css';
const triesText = (n: number) => (n === 1 ? '1 intento' : `${n} intentos`);

export function JobsSection() {
  const jobs = useFailedJobs();
  const retry = useRetryJob();
  const hydrating = useHydrating();
  const retryJob = (id: string, label: string) =>
    retry.mutateAsync(id).then(
      () => notify({ color: 'teal', title: 'Listo', message: `${label}: de nuevo en la cola.` }),
      (error: unknown) =>
        notify({
          color: 'red',
          title: 'No se pudo reintentar',
          message: toApiError(error).message,
        }),
    );
  return (
    <Section id="tareas" title="Correos y tareas">
      <Text size="sm" mb="sm">
        Los correos y las tareas programadas se guardan en la base de datos y se reintentan solos.
        Aquí ves cuántos hay en cada estado y los que fallaron después de todos los intentos.
      </Text>
      {jobs.isPending ? (
        <Text role="status">Cargando...</Text>
      ) : jobs.isError ? (
        <Stack gap="sm" align="flex-start">
          <Text className={classes.error} role="alert">
            {jobs.error.message}
          </Text>
          <Button variant="light" onClick={() => void jobs.refetch()}>
            Reintentar
          </Button>
        </Stack>
      ) : (
        <>
          <dl className={classes.counts} aria-label="Tareas por estado">
            {JOB_STATES.map((state) => (
              <div key={state}>
                <dt>{JOB_STATE_LABELS[state]}</dt>
                <dd>{jobs.data.counts[state]}</dd>
              </div>
            ))}
          </dl>
          {jobs.data.jobs.length === 0 ? (
            <Text c="dimmed">No hay tareas fallidas.</Text>
          ) : (
            <AdminTable
              label="Tareas fallidas"
              rows={jobs.data.jobs}
              rowKey={(job) => job.id}
              columns={[
                { label: 'Tipo', cell: (job) => jobKindLabel(job.kind) },
                {
                  label: 'Último error',
                  className: classes.details,
                  cell: (job) => job.last_error ?? '—',
                },
                { label: 'Intentos', cell: (job) => triesText(job.tries) },
                { label: 'Falló', cell: (job) => formatDate(job.updated_at) },
                {
                  label: 'Acciones',
                  labelHidden: true,
                  cell: (job) => (
                    <Button
                      size="xs"
                      variant="light"
                      disabled={retry.isPending || hydrating}
                      onClick={() => void retryJob(job.id, jobKindLabel(job.kind))}
                      aria-label={`Reintentar: ${jobKindLabel(job.kind)}, ${formatDate(job.updated_at)}`}
                    >
                      Reintentar
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </>
      )}
    </Section>
  );
}
