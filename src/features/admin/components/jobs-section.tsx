// /admin "Correos y tareas": how many background jobs are in each state, and the failed ones
// (e-mails that could not be delivered after every retry, other tasks) with their kind, tries
// and last error; "Reintentar" puts one back in the queue. A message's text or link never shows.
import { Button, Stack, Text, Title } from '@mantine/core';
import { notify } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import { useHydrating } from '@/lib/use-hydrating';
import { JOB_STATE_LABELS, JOB_STATES, jobKindLabel } from '@/shared/jobs';
import { useFailedJobs, useRetryJob } from '../api/jobs';

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));
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
    <section className="admin-page-section" aria-labelledby="tareas-title">
      <Title order={2} id="tareas-title" className="admin-page-section-title">
        Correos y tareas
      </Title>
      <Text size="sm" mb="sm">
        Los correos y las tareas programadas se guardan en la base de datos y se reintentan solos.
        Aquí ves cuántos hay en cada estado y los que fallaron después de todos los intentos.
      </Text>
      {jobs.isPending ? (
        <Text role="status">Cargando...</Text>
      ) : jobs.isError ? (
        <Stack gap="sm" align="flex-start">
          <Text className="admin-page-error" role="alert">
            {jobs.error.message}
          </Text>
          <Button variant="light" onClick={() => void jobs.refetch()}>
            Reintentar
          </Button>
        </Stack>
      ) : (
        <>
          <dl className="admin-page-counts" aria-label="Tareas por estado">
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
            <div className="admin-page-scroll">
              <table className="admin-page-table" aria-label="Tareas fallidas">
                <thead>
                  <tr>
                    <th scope="col">Tipo</th>
                    <th scope="col">Último error</th>
                    <th scope="col">Intentos</th>
                    <th scope="col">Falló</th>
                    <th scope="col">
                      <span className="admin-page-sr">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {jobs.data.jobs.map((job) => {
                    const label = jobKindLabel(job.kind);
                    return (
                      <tr key={job.id}>
                        <td>{label}</td>
                        <td className="admin-page-details">{job.last_error ?? '—'}</td>
                        <td>{triesText(job.tries)}</td>
                        <td>{formatDate(job.updated_at)}</td>
                        <td>
                          <Button
                            size="xs"
                            variant="light"
                            disabled={retry.isPending || hydrating}
                            onClick={() => void retryJob(job.id, label)}
                            aria-label={`Reintentar: ${label}, ${formatDate(job.updated_at)}`}
                          >
                            Reintentar
                          </Button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
