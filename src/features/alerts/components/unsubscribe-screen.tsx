// /alertas/cancelar/$token: stops the alerts of one e-mail with its link, without logging in.
// One button stops them; the page then names each alert stopped and offers to create it again
// (right here with a session, else from the catalogue's same list, after logging in).
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FREQUENCY_LABELS } from '@/shared/alert-words';
import type { AlertUnsubscribeResponse } from '@/shared/alerts';
import { useSessionStore } from '@/stores/session-store';
import { FormError } from '@/components/form-parts';
import { AccountPage, AccountSection } from '@/components/account-page';
import { createInputOf, useCreateAlert, useUnsubscribe } from '../api/alerts';
import { AlertListLink } from './alert-list-link';
import classes from './alerts.module.css';

type Stopped = AlertUnsubscribeResponse['stopped'][number];

export function UnsubscribeScreen({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  return (
    <AccountPage title="Cancelar alertas">
      {unsubscribe.isSuccess ? (
        <AccountSection id="canceladas" title="Listo: dejaste de recibir estos correos">
          <ul className={classes.list} aria-label="Alertas canceladas">
            {unsubscribe.data.stopped.map((alert) => (
              <StoppedAlert key={alert.description} alert={alert} />
            ))}
          </ul>
        </AccountSection>
      ) : (
        <AccountSection id="cancelar" title="¿Dejar de recibir estos correos?">
          <Stack gap="sm" align="flex-start">
            <Text>
              Borraremos las alertas de las que te habló el correo: ya no te escribiremos por ellas.
              No necesitas iniciar sesión.
            </Text>
            {unsubscribe.isError && (
              <FormError id="cancelar-error" message={unsubscribe.error.message} />
            )}
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              Dejar de recibir estos correos
            </Button>
          </Stack>
        </AccountSection>
      )}
    </AccountPage>
  );
}

function StoppedAlert({ alert }: { alert: Stopped }) {
  const logged = useSessionStore((state) => state.logged);
  const create = useCreateAlert();
  return (
    <li className={classes.item} aria-label={alert.description}>
      <Text fw={700}>{alert.description}</Text>
      <Text size="sm">{FREQUENCY_LABELS[alert.frequency]}</Text>
      {create.isSuccess ? (
        <Text size="sm" role="status" mt="xs">
          La creamos de nuevo: te seguiremos avisando.{' '}
          <Anchor component={Link} to="/cuenta" hash="alertas">
            Ver mis alertas
          </Anchor>
        </Text>
      ) : logged ? (
        <Stack gap={4} mt="xs" align="flex-start">
          {create.isError && (
            <Text size="sm" c="red.8" role="alert">
              {create.error.message}
            </Text>
          )}
          <Button
            size="xs"
            variant="light"
            loading={create.isPending}
            onClick={() => create.mutate(createInputOf(alert))}
          >
            Volver a crearla
          </Button>
        </Stack>
      ) : (
        <Group mt="xs">
          <AlertListLink alert={alert}>
            {alert.scope === 'lost_found'
              ? '¿Fue un error? Vuelve a crearla desde perdidos y encontrados'
              : '¿Fue un error? Vuelve a crearla desde el catálogo'}
          </AlertListLink>
        </Group>
      )}
    </li>
  );
}
