// /mis-perros ("Mis publicaciones"): the logged-in person's own dogs in any status (hidden ones
// with the reason moderation gave), each with its photo, the status control, edit and delete, and
// its adoption applications as a pipeline (who, what, their adopter profile at a glance, how to
// reach them, the history), which the owner moves from state to state; then a link to the
// applications the person sent (/mis-solicitudes). Above them, the adoptions closed, those with an
// overdue follow-up first; an approved application offers to close the adoption.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import { Alert, Anchor, Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandWhatsapp, IconEdit, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { notify } from '@/components/overlays/overlays';
import { useConfirmDeleteDog } from '@/features/dogs/hooks/use-confirm-delete-dog';
import { DogImage } from '@/features/dogs/components/dog-image';
import { openDogModal, preloadDogModal } from '@/app/dog-modal/open-dog-modal';
import { PhotoPicture } from '@/components/photo-picture';
import { STATUS_COLORS, statusLabel } from '@/lib/dog-labels';
import { formatMobilePhone } from '@/shared/account';
import type { Dog } from '@/shared/dog';
import type { Interest } from '@/shared/interest';
import {
  isOpenInterest,
  rescuerNextStates,
  type InterestState,
  type InterestStateTarget,
} from '@/shared/interest-states';
import { useChangeInterestState, useInterests } from '@/features/adoption/api/interests';
import { whatsappLink } from '@/features/adoption/lib/whatsapp';
import {
  formatDate,
  ProfileSummary,
  StateBadge,
  Timeline,
} from '@/features/adoption/components/application-parts';
import { useMyDogs } from '@/features/adoption/api/my-dogs';
import { StatusControl } from '@/features/adoption/components/status-control';
import { useCloseAdoption } from '@/features/follow-up/api/follow-up';
import { AdoptionList } from '@/features/follow-up/components/adoption-list';
import classes from './my-dogs-screen.module.css';

const ACTION_LABELS: Record<InterestStateTarget, string> = {
  reviewing: 'Pasar a revisión',
  interview: 'Pasar a entrevista o visita',
  approved: 'Aprobar',
  declined: 'No seleccionar',
  withdrawn: 'Retirar',
  adopted: 'Adoptó',
};

/** The pipeline's columns, in the order an application moves through them. */
const PIPELINE: Array<{ title: string; states: InterestState[] }> = [
  { title: 'Por revisar', states: ['new'] },
  { title: 'En revisión', states: ['reviewing'] },
  { title: 'Entrevista o visita', states: ['interview'] },
  { title: 'Aprobadas', states: ['approved', 'adopted'] },
  { title: 'Cerradas', states: ['declined', 'withdrawn'] },
];

function ReceivedRequest({ interest }: { interest: Interest }) {
  const change = useChangeInterestState('received');
  const move = (state: InterestStateTarget) =>
    change.mutate(
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
  const close = useCloseAdoption();
  const navigate = useNavigate();
  const closeAdoption = () =>
    close.mutate(
      { dogId: interest.dog.id, interestId: interest.id },
      {
        onSuccess: ({ adoption }) => void navigate({ to: `/adopciones/${adoption.id}` }),
        onError: (error) =>
          notify({ color: 'red', title: 'No se pudo cerrar la adopción', message: error.message }),
      },
    );
  const busy = change.isPending || close.isPending;
  const next = rescuerNextStates(interest.state);
  return (
    <li className={classes.request}>
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{interest.sender.name}</Text>
        <StateBadge state={interest.state} />
      </Group>
      <Text size="sm" c="dimmed">
        {formatDate(interest.created_at)}
      </Text>
      <Text className={classes.message}>{interest.message}</Text>
      <ProfileSummary profile={interest.profile} />
      <Group gap="md" mt={4}>
        <Anchor href={`mailto:${interest.sender.email}`} style={{ overflowWrap: 'anywhere' }}>
          {interest.sender.email}
        </Anchor>
        {interest.phone && (
          <Anchor
            href={whatsappLink(
              interest.phone,
              interest.state,
              interest.sender.name,
              interest.dog.name,
            )}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Escribir por WhatsApp a ${interest.sender.name} (${formatMobilePhone(interest.phone)})`}
          >
            <IconBrandWhatsapp size={16} aria-hidden="true" /> Escribir por WhatsApp
          </Anchor>
        )}
      </Group>
      <details className={classes.history}>
        <summary>Historia de la solicitud</summary>
        <Timeline
          history={interest.history}
          label={`Historia de la solicitud de ${interest.sender.name}`}
        />
      </details>
      {interest.state === 'approved' && (
        <Button mt="xs" size="compact-sm" onClick={closeAdoption} loading={close.isPending}>
          Cerrar adopción con {interest.sender.name}
        </Button>
      )}
      {next.length > 0 && (
        <Group gap="xs" mt="xs">
          {next.map((state) => (
            <Button
              key={state}
              size="compact-sm"
              color={state === 'declined' ? 'gray' : 'teal'}
              variant={state === 'declined' ? 'default' : 'filled'}
              onClick={() => move(state)}
              loading={busy}
            >
              {ACTION_LABELS[state]}
            </Button>
          ))}
        </Group>
      )}
    </li>
  );
}

/** One dog's applications grouped by where they are in the pipeline (empty groups left out). */
function Pipeline({ dog, requests }: { dog: Dog; requests: Interest[] }) {
  return (
    <div>
      {PIPELINE.map((column) => {
        const items = requests.filter((r) => column.states.includes(r.state));
        if (items.length === 0) return null;
        return (
          <section key={column.title} aria-label={`${column.title} (${dog.name})`}>
            <Title order={5} size="h6" className={classes.columnTitle}>
              {column.title} ({items.length})
            </Title>
            <ul className={classes.requestList}>
              {items.map((interest) => (
                <ReceivedRequest key={interest.id} interest={interest} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function MyDog({ dog, requests }: { dog: Dog; requests: Interest[] | undefined }) {
  const { confirmDelete, deleting } = useConfirmDeleteDog();
  const status = dog.status ?? 'available';
  const fresh = requests?.filter((r) => r.state === 'new').length ?? 0;

  const askDelete = () =>
    void confirmDelete({
      dog,
      modalId: `eliminar-${dog.id}`,
      message: (
        <>
          La publicación de {dog.name} y sus solicitudes se borrarán. Esta acción no se puede
          deshacer.
        </>
      ),
    });

  return (
    <li className={classes.item}>
      <article aria-labelledby={`mi-perro-${dog.id}`}>
        <div className={classes.card}>
          {dog.photos?.[0] ? (
            // The cover of the uploaded photos, as the cards show it.
            <PhotoPicture
              photo={dog.photos[0]}
              alt={dog.name}
              sizes="160px"
              className={classes.photo}
            />
          ) : (
            <DogImage
              src={dog.image}
              name={dog.name}
              width={160}
              height={140}
              className={classes.photo}
              loading="lazy"
            />
          )}
          <div className={classes.body}>
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
            <div className={classes.controls}>
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
                  loading={deleting}
                  aria-label={`Eliminar a ${dog.name}`}
                >
                  Eliminar
                </Button>
              </Group>
            </div>
          </div>
        </div>
        <section className={classes.requests} aria-label={`Solicitudes por ${dog.name}`}>
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
            <Pipeline dog={dog} requests={requests} />
          )}
        </section>
      </article>
    </li>
  );
}

function SentRequests() {
  const sent = useInterests('sent');
  const open = sent.data?.filter((interest) => isOpenInterest(interest.state)).length ?? 0;
  return (
    <Text mt="sm">
      {sent.data && sent.data.length > 0
        ? `Enviaste ${sent.data.length === 1 ? '1 solicitud' : `${sent.data.length} solicitudes`} (${open} ${open === 1 ? 'abierta' : 'abiertas'}). `
        : 'No enviaste ninguna solicitud todavía. '}
      <Anchor component={Link} to="/mis-solicitudes">
        Ver mis solicitudes y en qué va cada una
      </Anchor>
    </Text>
  );
}

export default function MyDogsScreen() {
  const dogs = useMyDogs();
  const received = useInterests('received');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new page without a page load: screen readers announce its heading.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
          Mis publicaciones
        </Title>
        <Text mt="xs">
          Tus perros en adopción, las solicitudes que recibieron y las que tú enviaste.
        </Text>
        <Title order={2} className={classes.subtitle}>
          Adopciones y seguimiento
        </Title>
        <AdoptionList role="rescuer" label="Adopciones que cerraste" />
        <Title order={2} className={classes.subtitle}>
          Mis perros
        </Title>
        {dogs.isError ? (
          <div className={classes.empty} role="alert">
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
          <div className={classes.empty}>
            <Text fw={600}>Todavía no publicaste ningún perro.</Text>
            <Text size="sm">Usa «DAR EN ADOPCIÓN» en la barra de arriba para publicar uno.</Text>
          </div>
        ) : (
          <ul className={classes.list} aria-label="Mis perros">
            {dogs.data.map((dog) => (
              <MyDog
                key={dog.id}
                dog={dog}
                requests={received.data?.filter((interest) => interest.dog.id === dog.id)}
              />
            ))}
          </ul>
        )}
        <Title order={2} className={classes.subtitle}>
          Solicitudes enviadas
        </Title>
        <SentRequests />
      </div>
    </main>
  );
}
