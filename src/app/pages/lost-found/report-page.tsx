// /perdidos/$id: one report — photos, what the dog looks like, zone and date — with "Compartir",
// the likely matches of the other kind and why, and a form to write to whoever published it (the
// message goes by e-mail; nobody sees their contact). Its reporter marks it "¡Reencontrado!",
// closes it, renews it or opens it to edit.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NotFoundPage } from '@/components/error-pages';
import { notify } from '@/components/overlays/overlays';
import { PlainButtonLink } from '@/components/plain-button';
import { ReportButton } from '@/features/moderation/components/report-listing-button';
import { PhotoPicture } from '@/components/photo-picture';
import {
  formatCalendarDate,
  LOST_FOUND_COLOR_LABELS,
  LOST_FOUND_CONTACT_MAX,
  LOST_FOUND_CONTACT_MIN,
  LOST_FOUND_SEX_LABELS,
  LOST_FOUND_SIZE_LABELS,
  LOST_FOUND_STATUS_LABELS,
  lostFoundHeadline,
} from '@/shared/lost-found-labels';
import { useSessionStore } from '@/stores/session-store';
import {
  flagReport,
  matchesQuery,
  reportQuery,
  useContactReporter,
  usePatchReport,
  type Report,
} from '@/features/lost-found/api/lost-found-api';
import classes from './lost-found.module.css';
import { kindBadge, ReportCard } from '@/features/lost-found/components/report-card';

const DAY_MS = 24 * 60 * 60 * 1000;

export function ReportNotFound() {
  return (
    <NotFoundPage
      title="Este reporte ya no está publicado"
      message="Puede que quien lo publicó lo haya retirado."
      action={<PlainButtonLink to="/perdidos">Ver perdidos y encontrados</PlainButtonLink>}
    />
  );
}

async function share(report: Report) {
  const url = window.location.href.split('#')[0]!;
  const text = `${report.kind === 'lost' ? 'SE BUSCA' : 'ENCONTRADO'}: ${lostFoundHeadline(report)}. ¿Lo has visto?`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: lostFoundHeadline(report), text, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify({
      color: 'teal',
      title: 'Enlace copiado',
      message: 'Pégalo en WhatsApp o donde quieras compartirlo.',
    });
  } catch {
    notify({ color: 'red', title: 'No se pudo copiar el enlace', message: url });
  }
}

function Facts({ report }: { report: Report }) {
  const rows: [string, string][] = [
    ...(report.name ? [['Nombre', report.name] as [string, string]] : []),
    ['Sexo', report.sex ? LOST_FOUND_SEX_LABELS[report.sex] : 'No se sabe'],
    ['Tamaño', LOST_FOUND_SIZE_LABELS[report.size]],
    ['Colores', report.colors.map((c) => LOST_FOUND_COLOR_LABELS[c]).join(', ')],
    ['Zona', report.zone_name],
    [report.kind === 'lost' ? 'Se perdió' : 'Lo encontraron', formatCalendarDate(report.date)],
  ];
  return (
    <dl className={classes.facts}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReporterActions({ report }: { report: Report }) {
  const patch = usePatchReport(report.id);
  const run = (body: { status?: 'reunited' | 'closed'; renew?: true }, done: string) =>
    patch.mutate(body, {
      onSuccess: () => notify({ color: 'teal', title: done, message: lostFoundHeadline(report) }),
      onError: (error) =>
        notify({ color: 'red', title: 'No se pudo guardar', message: error.message }),
    });
  // The time the page was opened: whether the renewal is offered does not change while it is open.
  const [openedAt] = useState(() => Date.now());
  const soon = Date.parse(report.expires_at) - openedAt < 7 * DAY_MS;
  if (report.status !== 'open' && report.status !== 'expired') return null;
  return (
    <section aria-labelledby="lf-mine">
      <Title order={2} size="h4" id="lf-mine">
        Tu reporte
      </Title>
      <Text size="sm" suppressHydrationWarning>
        {report.status === 'expired'
          ? 'Venció y ya no aparece en la lista. Renuévalo si todavía lo necesitas.'
          : `Se publica hasta el ${new Date(report.expires_at).toLocaleDateString('es-CO', { timeZone: 'America/Bogota' })}.`}
      </Text>
      <Group gap="sm" mt="sm">
        {report.status === 'open' && (
          <Button
            color="teal.9"
            loading={patch.isPending}
            onClick={() => run({ status: 'reunited' }, '¡Qué alegría!')}
          >
            ¡Reencontrado!
          </Button>
        )}
        {(report.status === 'expired' || soon) && (
          <Button variant="light" onClick={() => run({ renew: true }, 'Reporte renovado')}>
            Renovar 60 días
          </Button>
        )}
        {report.status === 'open' && (
          <Button variant="default" onClick={() => run({ status: 'closed' }, 'Reporte cerrado')}>
            Cerrar reporte
          </Button>
        )}
        <Button component={Link} to={`/perdidos/${report.id}/editar`} variant="default">
          Editar
        </Button>
      </Group>
    </section>
  );
}

function ContactForm({ report }: { report: Report }) {
  const logged = useSessionStore((state) => state.logged);
  const send = useContactReporter(report.id);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (!logged) {
    return (
      <Text>
        <Anchor href={`/entrar?redirect=${encodeURIComponent(`/perdidos/${report.id}`)}`}>
          Inicia sesión
        </Anchor>{' '}
        para escribirle a quien lo publicó.
      </Text>
    );
  }
  if (sent)
    return (
      <Alert color="teal" title="Mensaje enviado" role="status">
        Le llegó por correo a quien publicó el reporte.
      </Alert>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const message = String(data.get('message') ?? '').trim();
    if (message.length < LOST_FOUND_CONTACT_MIN) {
      setError(`El mensaje debe tener al menos ${LOST_FOUND_CONTACT_MIN} caracteres`);
      return;
    }
    setError(null);
    send.mutate(
      { message, share_email: data.get('share_email') === 'on' },
      { onSuccess: () => setSent(true), onError: (e) => setError(e.message) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Escribir a quien lo publicó">
      <Textarea
        label="Tu mensaje"
        name="message"
        required
        autosize
        minRows={3}
        maxLength={LOST_FOUND_CONTACT_MAX}
        error={error}
        description="Dónde y cuándo lo viste, y cómo contactarte"
      />
      <Checkbox mt="sm" name="share_email" label="Compartir mi correo para que me responda" />
      <Button type="submit" mt="sm" loading={send.isPending}>
        Enviar mensaje
      </Button>
    </form>
  );
}

function Matches({ report }: { report: Report }) {
  const query = useQuery(matchesQuery(report.id));
  if (report.status !== 'open') return null;
  return (
    <section aria-labelledby="lf-matches">
      <Title order={2} size="h3" id="lf-matches">
        Posibles coincidencias
      </Title>
      {query.isError ? (
        <Text>No se pudieron cargar las coincidencias.</Text>
      ) : !query.data ? (
        <Text>Cargando...</Text>
      ) : query.data.length === 0 ? (
        <Text>
          Aún no hay reportes de {report.kind === 'lost' ? 'perros encontrados' : 'perros perdidos'}{' '}
          que se parezcan. Comparte el enlace para que más gente lo vea.
        </Text>
      ) : (
        <ul className={classes.grid} aria-label="Posibles coincidencias">
          {query.data.map((match) => (
            <li key={match.id}>
              <ReportCard report={match} reason={match.reason} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ReportPage({ id }: { id: number }) {
  const query = useQuery(reportQuery(id));
  const logged = useSessionStore((state) => state.logged);
  const report = query.data;
  if (!report) return <Text>Cargando...</Text>;
  const closed = report.status !== 'open';
  return (
    <Container component="main" id="contenido" tabIndex={-1} size="lg" className={classes.page}>
      <div className={classes.report}>
        <div>
          <Group gap="xs">
            {kindBadge(report)}
            {closed && (
              <Badge color={report.status === 'reunited' ? 'teal.9' : 'dark'} variant="outline">
                {LOST_FOUND_STATUS_LABELS[report.status]}
              </Badge>
            )}
          </Group>
          <Title order={1} mt="xs">
            {lostFoundHeadline(report)}
          </Title>
          {report.hidden_reason && (
            <Alert color="red" title="Un administrador ocultó este reporte" mt="sm">
              {report.hidden_reason}
            </Alert>
          )}
          {report.photos.length > 0 && (
            <div className={classes.photos} style={{ marginTop: '1rem' }}>
              {report.photos.map((photo, index) => (
                <PhotoPicture
                  key={photo.id}
                  photo={photo}
                  alt={`Foto ${index + 1} de ${report.name || 'el perro'}`}
                  sizes="(min-width: 62em) 18rem, 50vw"
                  priority={index === 0}
                />
              ))}
            </div>
          )}
          <Facts report={report} />
          <Text style={{ whiteSpace: 'pre-line' }}>{report.description}</Text>
          <Group gap="sm" my="md">
            <Button
              variant="light"
              leftSection={<IconShare size={18} aria-hidden="true" />}
              onClick={() => void share(report)}
            >
              Compartir
            </Button>
            {logged && !report.mine && (
              <ReportButton
                target={() => ({
                  title: 'Reportar esta publicación',
                  subject: `la publicación «${lostFoundHeadline(report)}»`,
                  send: (input) => flagReport(report.id, input),
                })}
              />
            )}
          </Group>
        </div>
        <div>
          {report.mine ? (
            <ReporterActions report={report} />
          ) : report.status === 'open' ? (
            <section aria-labelledby="lf-write">
              <Title order={2} size="h4" id="lf-write">
                {report.kind === 'lost' ? '¿Lo has visto?' : '¿Es tu perro?'}
              </Title>
              <Text size="sm" mb="sm">
                Tu mensaje le llega por correo a quien lo publicó. Nunca pagues por adelantado para
                recuperar a un perro.
              </Text>
              <ContactForm report={report} />
            </section>
          ) : (
            <Text>
              {report.status === 'reunited'
                ? '¡Este perro ya volvió a casa!'
                : 'Este reporte ya no está abierto.'}
            </Text>
          )}
        </div>
      </div>
      <Matches report={report} />
    </Container>
  );
}
