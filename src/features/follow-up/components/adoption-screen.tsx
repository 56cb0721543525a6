// /adopciones/$id: an adoption for its rescuer, its adopter or an admin. The acta de compromiso
// (the adopter accepts it here), the timeline of check-ins with their photos, the sterilization
// (the adopter records it here), the adopter's consent to show the latest photo publicly, the
// rescuer's cancellation of a pending adoption and record of a return. The adoption outlives the
// dog's listing: once it is deleted the page shows the name the adoption kept, with no link.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Switch.css';
import { Anchor, Button, Checkbox, Group, Switch, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { notify, openConfirmModal } from '@/components/overlays/overlays';
import type { AdoptionDetail } from '@/shared/follow-up';
import {
  useAcceptActa,
  useAdoption,
  useCancelAdoption,
  useRecordReturn,
  useRecordSterilization,
  useShareConsent,
} from '../api/follow-up';
import { checkinState, formatDay, formatInstant, Photos } from './parts';
import classes from './follow-up.module.css';

const STATE_LABELS = {
  pending: 'Acta pendiente',
  active: 'Adoptado, en seguimiento',
  returned: 'Regresó',
  cancelled: 'Cancelada',
} as const;

const failed = (title: string) => (error: Error) =>
  notify({ color: 'red', title, message: error.message });

/** The rescuer's "Cancelar adopción" while the acta waits, after a confirmation. */
function CancelAdoption({ detail }: { detail: AdoptionDetail }) {
  const { adoption } = detail;
  const cancel = useCancelAdoption(adoption.id);
  const adopter = adoption.adopter?.name ?? 'quien iba a adoptar';
  const confirm = () =>
    void openConfirmModal({
      modalId: `cancelar-${adoption.id}`,
      title: `¿Cancelar la adopción de ${adoption.dog.name}?`,
      children: (
        <Text>
          {adopter} ya no podrá aceptar el acta y le avisaremos por correo. Después podrás cerrar
          una nueva adopción de {adoption.dog.name}.
        </Text>
      ),
      labels: { confirm: 'Sí, cancelar la adopción', cancel: 'Volver' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () =>
            notify({
              color: 'teal',
              title: 'Adopción cancelada',
              message: `Le avisamos a ${adopter}.`,
            }),
          onError: failed('No se pudo cancelar la adopción'),
        }),
    });
  return (
    <Button mt="sm" variant="default" color="red" onClick={confirm} loading={cancel.isPending}>
      Cancelar adopción
    </Button>
  );
}

function Acta({ detail }: { detail: AdoptionDetail }) {
  const { adoption } = detail;
  const accept = useAcceptActa(adoption.id);
  const [read, setRead] = useState(false);
  return (
    <section className={classes.section} aria-labelledby="acta">
      <Title order={2} size="h3" id="acta">
        Acta de compromiso
      </Title>
      <ol className={classes.acta}>
        {adoption.acta.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      {adoption.accepted_at ? (
        <Text mt="sm" size="sm">
          Aceptada el {formatInstant(adoption.accepted_at)} (versión {adoption.acta_version}).
        </Text>
      ) : adoption.state === 'cancelled' ? (
        <Text mt="sm" role="status">
          {adoption.rescuer.name} canceló esta adopción
          {adoption.cancelled_at ? ` el ${formatInstant(adoption.cancelled_at)}` : ''}, antes de que
          se aceptara el acta: ya no puede aceptarse.
        </Text>
      ) : adoption.state !== 'pending' ? null : adoption.role === 'adopter' ? (
        <>
          <Checkbox
            mt="md"
            checked={read}
            onChange={(event) => setRead(event.currentTarget.checked)}
            label="Leí el acta y me comprometo a cumplirla"
          />
          <Button
            mt="sm"
            disabled={!read}
            loading={accept.isPending}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: () =>
                  notify({
                    color: 'teal',
                    title: '¡Felicitaciones!',
                    message: `${adoption.dog.name} ya es parte de tu familia.`,
                  }),
                onError: failed('No se pudo aceptar el acta'),
              })
            }
          >
            Aceptar el acta
          </Button>
        </>
      ) : (
        <>
          <Text mt="sm" size="sm">
            Esperando que {adoption.adopter?.name ?? 'quien adopta'} lea y acepte el acta.
          </Text>
          {adoption.role === 'rescuer' && <CancelAdoption detail={detail} />}
        </>
      )}
    </section>
  );
}

function Checkins({ detail }: { detail: AdoptionDetail }) {
  const { checkins, adoption } = detail;
  return (
    <section className={classes.section} aria-labelledby="seguimiento">
      <Title order={2} size="h3" id="seguimiento">
        Seguimiento
      </Title>
      {checkins.length === 0 ? (
        <Text size="sm" mt="xs">
          {adoption.state === 'pending'
            ? 'El seguimiento empieza cuando se acepte el acta.'
            : 'No hay seguimientos programados.'}
        </Text>
      ) : (
        <ol className={classes.checkins} aria-label={`Seguimientos de ${adoption.dog.name}`}>
          {checkins.map((checkin) => (
            <li key={checkin.id}>
              <Text fw={600} span>
                Seguimiento {checkin.seq}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                ({formatInstant(checkin.answered_at ?? checkin.due_at)})
              </Text>{' '}
              <Text span size="sm" className={checkin.overdue ? classes.overdue : undefined}>
                {checkinState(checkin)}
              </Text>
              {checkin.message && <Text size="sm">«{checkin.message}»</Text>}
              <Photos
                photos={checkin.photos}
                alt={`${adoption.dog.name} en el seguimiento ${checkin.seq}`}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Sterilization({ detail }: { detail: AdoptionDetail }) {
  const { sterilization, adoption } = detail;
  const record = useRecordSterilization(adoption.id);
  const [date, setDate] = useState('');
  const [clinic, setClinic] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!sterilization.required) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setError('Escribe la fecha de la esterilización');
      return;
    }
    setError(null);
    record.mutate(
      { date, clinic: clinic || undefined },
      {
        onSuccess: () =>
          notify({ color: 'teal', title: 'Guardado', message: 'Registramos la esterilización.' }),
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <section className={classes.section} aria-labelledby="esterilizacion">
      <Title order={2} size="h3" id="esterilizacion">
        Esterilización
      </Title>
      {sterilization.done_on ? (
        <Text mt="xs">
          Hecha el {formatDay(sterilization.done_on)}
          {sterilization.clinic ? ` en ${sterilization.clinic}` : ''}.
        </Text>
      ) : (
        <Text mt="xs" className={sterilization.overdue ? classes.overdue : undefined}>
          {sterilization.overdue ? 'Atrasada: ' : 'Pendiente: '}
          {sterilization.due ? `a más tardar el ${formatDay(sterilization.due)}.` : ''}
        </Text>
      )}
      {sterilization.photo && (
        <Photos photos={[sterilization.photo]} alt="Certificado de esterilización" />
      )}
      {adoption.role === 'adopter' && adoption.state === 'active' && !sterilization.done_on && (
        <form onSubmit={submit} aria-label="Registrar la esterilización" noValidate>
          <Group align="flex-end" mt="sm" gap="sm">
            <TextInput
              type="date"
              label="Fecha"
              required
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
            />
            <TextInput
              label="Clínica (opcional)"
              value={clinic}
              maxLength={120}
              onChange={(event) => setClinic(event.currentTarget.value)}
            />
            <Button type="submit" loading={record.isPending}>
              Registrar esterilización
            </Button>
          </Group>
          {error && (
            <Text role="alert" c="red.9" size="sm" mt="xs">
              {error}
            </Text>
          )}
        </form>
      )}
    </section>
  );
}

function Consent({ detail }: { detail: AdoptionDetail }) {
  const { adoption } = detail;
  const consent = useShareConsent(adoption.id);
  if (adoption.role !== 'adopter' || adoption.state !== 'active') return null;
  return (
    <section className={classes.section} aria-labelledby="compartir">
      <Title order={2} size="h3" id="compartir">
        Así está hoy
      </Title>
      <Switch
        mt="sm"
        checked={adoption.share_consent}
        disabled={consent.isPending}
        onChange={(event) =>
          consent.mutate(event.currentTarget.checked, {
            onError: failed('No se pudo guardar tu preferencia'),
          })
        }
        label={`Mostrar la última foto de ${adoption.dog.name} ${adoption.dog.id === null ? 'en' : 'en su página y en'} Finales felices (sin tu nombre ni tus datos)`}
      />
    </section>
  );
}

function Return({ detail }: { detail: AdoptionDetail }) {
  const { adoption } = detail;
  const record = useRecordReturn(adoption.id);
  if (adoption.state === 'returned')
    return (
      <section className={classes.section} aria-labelledby="regreso">
        <Title order={2} size="h3" id="regreso">
          Regreso
        </Title>
        <Text mt="xs">
          {adoption.dog.name} regresó el {formatInstant(adoption.returned_at!)}.
          {adoption.return_note ? ` «${adoption.return_note}»` : ''}
        </Text>
      </section>
    );
  if (adoption.role !== 'rescuer' || adoption.state !== 'active') return null;
  // A deleted listing cannot be published again: the return only ends the follow-up.
  const listed = adoption.dog.id !== null;
  const confirm = () =>
    void openConfirmModal({
      modalId: `regreso-${adoption.id}`,
      title: `¿${adoption.dog.name} regresó contigo?`,
      children: (
        <Text>
          {listed
            ? `Terminará el seguimiento y ${adoption.dog.name} se publicará de nuevo como disponible.`
            : 'Terminará el seguimiento.'}
        </Text>
      ),
      labels: { confirm: 'Sí, registrar el regreso', cancel: 'Cancelar' },
      onConfirm: () =>
        record.mutate(
          { publish: listed },
          {
            onSuccess: () =>
              notify({
                color: 'teal',
                title: 'Regreso registrado',
                message: listed
                  ? `${adoption.dog.name} está publicado de nuevo.`
                  : 'El seguimiento terminó.',
              }),
            onError: failed('No se pudo registrar el regreso'),
          },
        ),
    });
  return (
    <section className={classes.section} aria-labelledby="regreso">
      <Title order={2} size="h3" id="regreso">
        Si no funcionó
      </Title>
      <Text size="sm" mt="xs">
        Si {adoption.dog.name} volvió contigo, regístralo para terminar el seguimiento
        {listed ? ' y publicarlo de nuevo' : ''}.
      </Text>
      <Button mt="sm" variant="default" onClick={confirm} loading={record.isPending}>
        Registrar regreso
      </Button>
    </section>
  );
}

export function AdoptionScreen({ id }: { id: number }) {
  const query = useAdoption(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const detail = query.data;
  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
          {detail ? `Adopción de ${detail.adoption.dog.name}` : 'Adopción'}
        </Title>
        {query.isError ? (
          <div className={classes.empty} role="alert">
            <Text fw={600}>No pudimos cargar la adopción.</Text>
            <Text size="sm" mb="sm">
              {query.error.message}
            </Text>
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              Reintentar
            </Button>
          </div>
        ) : !detail ? (
          <Text mt="lg" role="status">
            Cargando la adopción...
          </Text>
        ) : (
          <>
            <Text mt="xs">
              <strong>{STATE_LABELS[detail.adoption.state]}</strong>
              {detail.adoption.overdue && (
                <span className={classes.overdue}> · Seguimiento atrasado</span>
              )}
            </Text>
            <Text size="sm" mt={4}>
              {detail.adoption.dog.id === null ? (
                `La publicación de ${detail.adoption.dog.name} se eliminó; la adopción y su seguimiento se conservan.`
              ) : (
                <Anchor component={Link} to={`/perros/${detail.adoption.dog.id}`}>
                  Ver la página de {detail.adoption.dog.name}
                </Anchor>
              )}
            </Text>
            <Text size="sm" mt={4}>
              Entrega: {detail.adoption.rescuer.name} ({detail.adoption.rescuer.email}) · Adopta:{' '}
              {detail.adoption.adopter
                ? `${detail.adoption.adopter.name} (${detail.adoption.adopter.email})`
                : 'cuenta eliminada'}
            </Text>
            <Acta detail={detail} />
            <Checkins detail={detail} />
            <Sterilization detail={detail} />
            <Consent detail={detail} />
            <Return detail={detail} />
          </>
        )}
      </div>
    </main>
  );
}
