// /mis-solicitudes: the adoption applications the person sent, newest first, each with its state,
// its timeline, what happens next, and "Retirar solicitud" while it is open.
import '@mantine/core/styles/Badge.css';
import { Anchor, Button, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { notify, openConfirmModal } from '@/components/overlays/overlays';
import type { Interest } from '@/shared/interest';
import { INTEREST_NEXT_STEP, isOpenInterest } from '@/shared/interest-states';
import { useChangeInterestState, useInterests } from '../api/interests';
import { formatDate, StateBadge, Timeline } from './application-parts';
import classes from './my-applications.module.css';

function Application({ interest }: { interest: Interest }) {
  const change = useChangeInterestState('sent');
  const withdraw = () =>
    void openConfirmModal({
      modalId: `retirar-${interest.id}`,
      title: `¿Retirar tu solicitud por ${interest.dog.name}?`,
      children: <Text>Le avisaremos a quien lo publicó. Podrás enviar otra más adelante.</Text>,
      labels: { confirm: 'Sí, retirarla', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change.mutate(
          { id: interest.id, state: 'withdrawn' },
          {
            onError: (error) =>
              notify({ color: 'red', title: 'No se pudo retirar', message: error.message }),
          },
        ),
    });
  return (
    <li className={classes.request}>
      <article aria-labelledby={`solicitud-${interest.id}`}>
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={`solicitud-${interest.id}`}>
            <Anchor component={Link} to={`/perros/${interest.dog.id}`} inherit>
              {interest.dog.name}
            </Anchor>
          </Title>
          <StateBadge state={interest.state} />
        </Group>
        <Text size="sm" c="dimmed">
          Enviada el {formatDate(interest.created_at)}
        </Text>
        <Text className={classes.message}>{interest.message}</Text>
        <Title order={3} size="h6" mt="xs">
          Qué sigue
        </Title>
        <Text size="sm">{INTEREST_NEXT_STEP[interest.state]}</Text>
        <Title order={3} size="h6" mt="xs">
          Historia
        </Title>
        <Timeline
          history={interest.history}
          label={`Historia de tu solicitud por ${interest.dog.name}`}
        />
        {isOpenInterest(interest.state) && (
          <Button
            mt="xs"
            size="compact-sm"
            variant="default"
            onClick={withdraw}
            loading={change.isPending}
          >
            Retirar solicitud
          </Button>
        )}
      </article>
    </li>
  );
}

export default function MyApplicationsScreen() {
  const sent = useInterests('sent');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new page without a page load: screen readers announce its heading.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
          Mis solicitudes
        </Title>
        <Text mt="xs">
          Las solicitudes de adopción que enviaste, en qué va cada una y qué sigue. Te escribimos
          por correo cada vez que cambian.
        </Text>
        {sent.isError ? (
          <div className={classes.empty} role="alert">
            <Text fw={600}>No pudimos cargar tus solicitudes.</Text>
            <Text size="sm" mb="sm">
              {sent.error.message}
            </Text>
            <Button onClick={() => void sent.refetch()} loading={sent.isFetching}>
              Reintentar
            </Button>
          </div>
        ) : sent.data === undefined ? (
          <Text mt="lg" role="status">
            Cargando tus solicitudes...
          </Text>
        ) : sent.data.length === 0 ? (
          <div className={classes.empty}>
            <Text fw={600}>No enviaste ninguna solicitud todavía.</Text>
            <Text size="sm">
              Cuando un perro te guste, toca «Me interesa» en su página.{' '}
              <Anchor component={Link} to="/perros">
                Ver perros en adopción
              </Anchor>
            </Text>
          </div>
        ) : (
          <ul className={classes.requestList} aria-label="Mis solicitudes">
            {sent.data.map((interest) => (
              <Application key={interest.id} interest={interest} />
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
