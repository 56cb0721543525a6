// /mis-perros ("Mis publicaciones"): the logged-in person's own dogs in any status (hidden ones
// with the reason moderation gave), each with its photo, the status control, edit and delete, and
// the "Me interesa" requests it received (who, what, how to reach them, when), which the owner
// marks as answered or dismissed; then the requests the person sent and what became of them.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import { Alert, Anchor, Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandWhatsapp, IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { notify, openConfirmModal } from '@/components/overlays/overlays';
import { useDeleteDog } from '@/features/dogs/api/delete-dog';
import { DogImage } from '@/features/dogs/components/dog-image';
import { openDogModal, preloadDogModal } from '@/features/dogs/components/open-dog-modal';
import { PhotoPicture } from '@/features/photos/components/photo-picture';
import { STATUS_COLORS, statusLabel } from '@/features/dogs/dog-labels';
import { formatMobilePhone } from '@/shared/account';
import type { Dog } from '@/shared/dog';
import { INTEREST_STATE_LABELS, type Interest, type InterestState } from '@/shared/interest';
import { useAnswerInterest, useInterests } from '../api/interests';
import { useMyDogs } from '../api/my-dogs';
import { StatusControl } from './status-control';
import './my-dogs.css';

const STATE_COLORS: Record<InterestState, string> = {
  new: 'blue',
  answered: 'teal',
  dismissed: 'gray',
};

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

function StateBadge({ state }: { state: InterestState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {INTEREST_STATE_LABELS[state]}
    </Badge>
  );
}

function ReceivedRequest({ interest }: { interest: Interest }) {
  const answer = useAnswerInterest();
  const mark = (state: 'answered' | 'dismissed') =>
    answer.mutate(
      { id: interest.id, state },
      {
        onError: (error) =>
          notify({
            color: 'red',
            title: 'No se pudo actualizar la solicitud',
            message: error.message,
          }),
      },
    );
  const busy = answer.isPending;
  return (
    <li className="my-dogs-request">
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{interest.sender.name}</Text>
        <StateBadge state={interest.state} />
      </Group>
      <Text size="sm" c="dimmed">
        {formatDate(interest.created_at)}
      </Text>
      <Text className="my-dogs-message">{interest.message}</Text>
      <Group gap="md" mt={4}>
        <Anchor href={`mailto:${interest.sender.email}`} style={{ overflowWrap: 'anywhere' }}>
          {interest.sender.email}
        </Anchor>
        {interest.phone && (
          <Anchor
            href={`https://wa.me/${interest.phone.replace(/\D/g, '')}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <IconBrandWhatsapp size={16} aria-hidden="true" /> {formatMobilePhone(interest.phone)}
          </Anchor>
        )}
      </Group>
      <Group gap="xs" mt="xs">
        {interest.state !== 'answered' && (
          <Button size="compact-sm" color="teal" onClick={() => mark('answered')} loading={busy}>
            Marcar como respondida
          </Button>
        )}
        {interest.state !== 'dismissed' && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => mark('dismissed')}
            loading={busy}
          >
            Descartar
          </Button>
        )}
      </Group>
    </li>
  );
}

function MyDog({ dog, requests }: { dog: Dog; requests: Interest[] | undefined }) {
  const deleteDog = useDeleteDog();
  const status = dog.status ?? 'available';
  const fresh = requests?.filter((r) => r.state === 'new').length ?? 0;

  const askDelete = () =>
    void openConfirmModal({
      modalId: `eliminar-${dog.id}`,
      title: `¿Eliminar a ${dog.name}?`,
      children: (
        <Text>
          La publicación de {dog.name} y sus solicitudes se borrarán. Esta acción no se puede
          deshacer.
        </Text>
      ),
      labels: { confirm: 'Sí, eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteDog.mutate(dog.id, {
          onSuccess: () =>
            notify({
              color: 'teal',
              title: 'Publicación eliminada',
              message: `${dog.name} ya no aparece en adopción.`,
            }),
          onError: (error) =>
            notify({ color: 'red', title: 'No se pudo eliminar', message: error.message }),
        }),
    });

  return (
    <li className="my-dogs-item">
      <article aria-labelledby={`mi-perro-${dog.id}`}>
        <div className="my-dogs-card">
          {dog.photos?.[0] ? (
            // The cover of the uploaded photos, as the cards show it.
            <PhotoPicture
              photo={dog.photos[0]}
              alt={dog.name}
              sizes="160px"
              className="my-dogs-photo"
            />
          ) : (
            <DogImage
              src={dog.image}
              name={dog.name}
              width={160}
              height={140}
              className="my-dogs-photo"
              loading="lazy"
            />
          )}
          <div className="my-dogs-body">
            <Group gap="xs">
              <Title order={3} size="h4" id={`mi-perro-${dog.id}`}>
                <Anchor component={Link} to={`/perros/${dog.id}`} inherit>
                  {dog.name}
                </Anchor>
              </Title>
              <Badge color={STATUS_COLORS[status]} variant="filled">
                {statusLabel(status, dog.sex)}
              </Badge>
            </Group>
            <Text size="sm">{dog.city}</Text>
            {dog.hidden_reason !== undefined && (
              <Alert
                color="red"
                mt="xs"
                icon={<IconAlertCircle size={18} aria-hidden="true" />}
                title="Publicación oculta"
              >
                Moderación la ocultó: {dog.hidden_reason}
              </Alert>
            )}
            <div className="my-dogs-controls">
              <StatusControl dog={dog} label={`Estado de ${dog.name}`} />
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<IconEdit size={18} aria-hidden="true" />}
                  onPointerEnter={preloadDogModal}
                  onFocus={preloadDogModal}
                  onClick={() => openDogModal({ mode: 'edit', dog })}
                  aria-label={`Editar a ${dog.name}`}
                >
                  Editar
                </Button>
                <Button
                  variant="outline"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden="true" />}
                  onClick={askDelete}
                  loading={deleteDog.isPending}
                  aria-label={`Eliminar a ${dog.name}`}
                >
                  Eliminar
                </Button>
              </Group>
            </div>
          </div>
        </div>
        <section className="my-dogs-requests" aria-label={`Solicitudes por ${dog.name}`}>
          <Title order={4} size="h5">
            Solicitudes{' '}
            {fresh > 0 && (
              // Dark blue: white text on it keeps 4.5:1 at the badge's small size (WCAG AA).
              <Badge color="#1864ab">{fresh === 1 ? '1 nueva' : `${fresh} nuevas`}</Badge>
            )}
          </Title>
          {requests === undefined ? null : requests.length === 0 ? (
            <Text size="sm" c="dimmed">
              Todavía nadie envió «Me interesa» por {dog.name}.
            </Text>
          ) : (
            <ul className="my-dogs-request-list">
              {requests.map((interest) => (
                <ReceivedRequest key={interest.id} interest={interest} />
              ))}
            </ul>
          )}
        </section>
      </article>
    </li>
  );
}

function SentRequests() {
  const sent = useInterests('sent');
  if (sent.isError) {
    return (
      <Text role="alert" mt="sm">
        No pudimos cargar tus solicitudes enviadas: {sent.error.message}
      </Text>
    );
  }
  if (!sent.data) return null;
  if (sent.data.length === 0) {
    return (
      <Text mt="sm">
        No enviaste ninguna solicitud todavía. Cuando un perro te guste, toca «Me interesa» en su
        página.
      </Text>
    );
  }
  return (
    <ul className="my-dogs-request-list">
      {sent.data.map((interest) => (
        <li key={interest.id} className="my-dogs-request">
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={`/perros/${interest.dog.id}`} fw={700}>
              {interest.dog.name}
            </Anchor>
            <StateBadge state={interest.state} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatDate(interest.created_at)}
          </Text>
          <Text className="my-dogs-message">{interest.message}</Text>
        </li>
      ))}
    </ul>
  );
}

export default function MyDogsScreen() {
  const dogs = useMyDogs();
  const received = useInterests('received');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new page without a page load: screen readers announce its heading.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <main className="my-dogs-page" id="contenido">
      <div className="my-dogs-inner">
        <Title order={1} className="my-dogs-title" ref={headingRef} tabIndex={-1}>
          Mis publicaciones
        </Title>
        <Text mt="xs">
          Tus perros en adopción, las solicitudes que recibieron y las que tú enviaste.
        </Text>
        <Title order={2} className="my-dogs-subtitle">
          Mis perros
        </Title>
        {dogs.isError ? (
          <div className="my-dogs-empty" role="alert">
            <Text fw={600}>No pudimos cargar tus publicaciones.</Text>
            <Text size="sm" mb="sm">
              {dogs.error.message}
            </Text>
            <Button onClick={() => void dogs.refetch()} loading={dogs.isFetching}>
              Reintentar
            </Button>
          </div>
        ) : dogs.data === undefined ? (
          <Text mt="lg" role="status">
            Cargando tus publicaciones...
          </Text>
        ) : dogs.data.length === 0 ? (
          <div className="my-dogs-empty">
            <Text fw={600}>Todavía no publicaste ningún perro.</Text>
            <Text size="sm">Usa «DAR EN ADOPCIÓN» en la barra de arriba para publicar uno.</Text>
          </div>
        ) : (
          <ul className="my-dogs-list" aria-label="Mis perros">
            {dogs.data.map((dog) => (
              <MyDog
                key={dog.id}
                dog={dog}
                requests={received.data?.filter((interest) => interest.dog.id === dog.id)}
              />
            ))}
          </ul>
        )}
        <Title order={2} className="my-dogs-subtitle">
          Solicitudes enviadas
        </Title>
        <SentRequests />
      </div>
    </main>
  );
}
