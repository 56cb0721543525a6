// /alertas/cancelar#<token>: stops the alerts of one e-mail with its link, without logging in.
// One button stops them; the page then names each alert stopped and offers to create it again
// (right here with a session, else from the catalogue's same list, after logging in). The token
// is the URL's fragment, which only the browser knows: the server draws the question alone, and
// a link without a usable token says so once the page runs.
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { FREQUENCY_LABELS } from '@/shared/alert-words';
import { alertTokenParamSchema, type AlertUnsubscribeResponse } from '@/shared/alerts';
import { useHydrating } from '@/lib/use-hydrating';
import { useSessionStore } from '@/stores/session-store';
import { FormError } from '@/components/form-parts';
import { AccountPage, AccountSection } from '@/components/account-page';
import { createInputOf, useCreateAlert, useUnsubscribe } from '../api/alerts';
import { AlertListLink } from './alert-list-link';
import classes from './alerts.module.css';

type Stopped = AlertUnsubscribeResponse['stopped'][number];

/** The unsubscribe token a fragment holds (with or without its `#`), or null. */
function tokenOf(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return alertTokenParamSchema.safeParse({ token }).success ? token : null;
}

/**
 * The unsubscribe token of the address's fragment as the page opened; undefined on the server and
 * while hydrating (the server never sees a fragment), null when the fragment holds none. Read
 * once: the skip link, say, changes the fragment afterwards.
 */
function useFragmentToken(): string | null | undefined {
  const hash = useRouterState({ select: (state) => state.location.hash });
  const hydrating = useHydrating();
  const [opened, setOpened] = useState<string | null | undefined>(undefined);
  if (hydrating) return undefined;
  if (opened === undefined) setOpened(tokenOf(hash));
  return opened === undefined ? tokenOf(hash) : opened;
}

export function UnsubscribeScreen() {
  const token = useFragmentToken();
  const unsubscribe = useUnsubscribe();
  if (token === null && !unsubscribe.isSuccess) {
    return (
      <AccountPage title="Cancelar alertas">
        <AccountSection id="cancelar" title="A este enlace le falta su código">
          <Text>
            Abre otra vez el enlace «Dejar de recibir estos correos» de uno de nuestros correos de
            alertas: con él dejas de recibirlos sin iniciar sesión. Si tienes cuenta, también puedes
            pausar o borrar tus alertas en{' '}
            <Anchor component={Link} to="/cuenta" hash="alertas">
              Mi cuenta
            </Anchor>
            .
          </Text>
        </AccountSection>
      </AccountPage>
    );
  }
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
            <Button
              loading={unsubscribe.isPending}
              onClick={() => {
                // A press that reaches this render while it still hydrates (one made before the
                // page's code ran is replayed then) reads the address itself.
                const now = token ?? tokenOf(window.location.hash);
                if (now) unsubscribe.mutate(now);
              }}
            >
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
