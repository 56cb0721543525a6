// /perdidos/$id/editar: the reporter changes their report with the publishing form, filled in.
// Anyone else, or a report already closed, gets a Spanish explanation instead of the form.
import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Container, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { reportQuery } from '@/features/lost-found/api/lost-found-api';
import { ReportForm } from './report-form-page';
import classes from './lost-found.module.css';

export function ReportEditPage({ id }: { id: number }) {
  const query = useQuery(reportQuery(id));
  const report = query.data;
  if (!report) {
    return (
      <Container component="main" id="contenido" size="sm" className={classes.page}>
        {query.isError ? (
          <Alert color="red" title="No pudimos cargar el reporte">
            {query.error.message}
          </Alert>
        ) : (
          <Text>Cargando...</Text>
        )}
      </Container>
    );
  }
  const refusal = !report.mine
    ? 'Solo quien publicó el reporte puede cambiarlo.'
    : report.status !== 'open' && report.status !== 'expired'
      ? 'Este reporte ya está cerrado: no se puede cambiar.'
      : null;
  if (refusal) {
    return (
      <Container component="main" id="contenido" size="sm" className={classes.page}>
        <Alert color="yellow" title="No puedes editar este reporte">
          {refusal}{' '}
          <Anchor component={Link} to={`/perdidos/${report.id}`} inherit>
            Ver el reporte
          </Anchor>
        </Alert>
      </Container>
    );
  }
  return <ReportForm report={report} />;
}
