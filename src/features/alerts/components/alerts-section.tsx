// /cuenta's "Mis alertas": each saved search in words ("Pequeños en Cali, cachorros", "Perros
// perdidos en Cali – Comuna 3, pequeños"), how often it writes, a link to the same list in the
// catalogue or in /perdidos, and pause / resume / delete.
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notify } from '@/components/overlays/overlays';
import { FormError } from '@/components/form-parts';
import { FREQUENCY_LABELS, ALERTS_MAX } from '@/shared/alert-words';
import type { Alert } from '@/shared/alerts';
import { AccountSection } from '@/components/account-page';
import { alertsQueryOptions, useDeleteAlert, useSetAlertPaused } from '../api/alerts';
import { AlertListLink } from './alert-list-link';
import classes from './alerts.module.css';

export function AlertsSection() {
  // /cuenta is for logged-in people only: no need to ask the session first.
  const alerts = useQuery(alertsQueryOptions());
  return (
    <AccountSection id="alertas" title="Mis alertas">
      <Text size="sm" mb="sm">
        Te escribimos cuando se publica un perro en adopción o un reporte de perdidos y encontrados
        como los que buscas. Puedes tener hasta {ALERTS_MAX} alertas.
      </Text>
      {alerts.isPending ? (
        <Text role="status">Cargando...</Text>
      ) : alerts.isError ? (
        <Stack gap="sm" align="flex-start">
          <FormError id="alertas-carga" message={alerts.error.message} />
          <Button variant="light" onClick={() => void alerts.refetch()}>
            Reintentar
          </Button>
        </Stack>
      ) : alerts.data.length === 0 ? (
        <Text>
          Aún no tienes alertas. En el{' '}
          <Anchor component={Link} to="/perros">
            catálogo
          </Anchor>
          , filtra los perros y toca «Avísame de perros así»; en{' '}
          <Anchor component={Link} to="/perdidos">
            perdidos y encontrados
          </Anchor>
          , filtra los reportes y toca «Avísame de reportes así».
        </Text>
      ) : (
        <ul className={classes.list} aria-label="Tus alertas">
          {alerts.data.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </AccountSection>
  );
}

function AlertItem({ alert }: { alert: Alert }) {
  const pause = useSetAlertPaused();
  const remove = useDeleteAlert();
  const failed = (error: Error) =>
    notify({ color: 'red', title: 'No pudimos cambiar la alerta', message: error.message });
  return (
    <li className={classes.item} aria-label={alert.description}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>{alert.description}</Text>
        {alert.paused && (
          <Badge color="gray" variant="outline">
            Pausada
          </Badge>
        )}
      </Group>
      <Text size="sm">{FREQUENCY_LABELS[alert.frequency]}</Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          variant="default"
          loading={pause.isPending}
          onClick={() => pause.mutate({ id: alert.id, paused: !alert.paused }, { onError: failed })}
        >
          {alert.paused ? 'Reanudar' : 'Pausar'}
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          loading={remove.isPending}
          aria-label={`Borrar la alerta «${alert.description}»`}
          onClick={() =>
            remove.mutate(alert.id, {
              onSuccess: () =>
                notify({
                  color: 'teal',
                  title: 'Alerta borrada',
                  message: `Ya no te avisaremos de «${alert.description}».`,
                }),
              onError: failed,
            })
          }
        >
          Borrar
        </Button>
        <AlertListLink alert={alert}>
          {alert.scope === 'lost_found' ? 'Ver reportes así' : 'Ver perros así'}
        </AlertListLink>
      </Group>
    </li>
  );
}
