// "Me interesa" on a dog's page and in its modal: a logged-in visitor who does not own the dog
// writes to its owner (a message and optionally a phone, prefilled from the profile); an anonymous
// visitor is sent to log in and brought back to the dog's page; someone who already wrote sees
// the state of their request. Nothing for the owner nor for an adopted dog.
import { Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Dog } from '@/shared/dog';
import { isOpenInterest } from '@/shared/interest-states';
import { isOwner, useSessionStore } from '@/stores/session-store';
import { useInterests } from '../api/interests';
import { StateBadge } from './state-badge';

const loadInterestForm = () => import('./interest-form');
const InterestForm = lazy(loadInterestForm);
/** Starts loading the form when the visitor heads for "Me interesa" (pointer or keyboard). */
const preloadInterestForm = () => void loadInterestForm();

export function InterestPanel({ dog, onLeave }: { dog: Dog; onLeave?: () => void }) {
  const navigate = useNavigate();
  const logged = useSessionStore((state) => state.logged);
  const userId = useSessionStore((state) => state.id);
  const owned = isOwner({ logged, id: userId }, dog.hostage_id);
  const adopted = dog.status === 'adopted';
  const sent = useInterests('sent', !owned && !adopted && !dog.demo);
  const [writing, setWriting] = useState(false);
  // When the form closes (sent or cancelled), focus goes back to the panel's button, or to the
  // request's state when no button is left.
  const panelRef = useRef<HTMLDivElement>(null);
  const wasWriting = useRef(false);
  useEffect(() => {
    if (wasWriting.current && !writing) {
      const target =
        panelRef.current?.querySelector<HTMLElement>('button') ??
        panelRef.current?.querySelector<HTMLElement>('[role="status"]');
      target?.focus();
    }
    wasWriting.current = writing;
  }, [writing]);

  if (owned || adopted) return null;

  if (dog.demo) {
    return (
      <Text size="sm">
        {dog.name} es un perro de ejemplo de la demostración: no recibe solicitudes.
      </Text>
    );
  }

  if (!logged) {
    return (
      <Stack gap="xs">
        <Text size="sm">Inicia sesión para escribirle a quien publicó a {dog.name}.</Text>
        <Button
          leftSection={<IconHeartHandshake size={18} aria-hidden="true" />}
          onClick={() => {
            onLeave?.();
            void navigate({ to: '/entrar', search: { redirect: `/perros/${dog.id}` } });
          }}
        >
          Me interesa
        </Button>
      </Stack>
    );
  }

  // The newest request about this dog (the box comes newest first).
  const last = sent.data?.find((interest) => interest.dog.id === dog.id);
  const open = last !== undefined && isOpenInterest(last.state);

  return (
    <Stack gap="xs" ref={panelRef}>
      {last && (
        <Group gap="xs" role="status" tabIndex={-1}>
          <Text size="sm">Ya enviaste una solicitud:</Text>
          <StateBadge state={last.state} />
          <Anchor component={Link} to="/mis-solicitudes" size="sm">
            Ver en qué va
          </Anchor>
        </Group>
      )}
      {writing ? (
        <Suspense
          fallback={
            <Center py="sm">
              <Loader size="sm" aria-label="Cargando el formulario" />
            </Center>
          }
        >
          <InterestForm dog={dog} onDone={() => setWriting(false)} />
        </Suspense>
      ) : (
        !open && (
          <Button
            leftSection={<IconHeartHandshake size={18} aria-hidden="true" />}
            onClick={() => setWriting(true)}
            onPointerEnter={preloadInterestForm}
            onFocus={preloadInterestForm}
            disabled={sent.isPending}
          >
            {last ? 'Enviar otra solicitud' : 'Me interesa'}
          </Button>
        )
      )}
    </Stack>
  );
}
