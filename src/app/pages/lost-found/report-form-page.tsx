// /perdidos/nuevo: the report form, made for a phone and for a hurry — lost or found first, then
// photos from the camera or the gallery, what the dog looks like, the zone (never an address) and
// the day. Checked here with the same rules as the server, whose Spanish message is shown for
// anything else. /perdidos/$id/editar fills the same form with the reporter's report (its kind
// never changes; photos are kept, added or removed up to the limit) and sends only what changed.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Progress.css';
import {
  Alert,
  Button,
  Container,
  NativeSelect,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { PhotoUploader } from '@/features/photos/components/photo-uploader';
import {
  createPhotoUploadStore,
  pendingPhotosMessage,
  type PhotoUploadStore,
} from '@/features/photos/hooks/photo-upload-store';
import type { DogSex, DogSize } from '@/shared/dog';
import {
  bogotaToday,
  LOST_FOUND_COLOR_LABELS,
  LOST_FOUND_COLORS,
  LOST_FOUND_DESCRIPTION_MAX,
  LOST_FOUND_NAME_MAX,
  PHOTOS_PER_REPORT,
  type LostFoundColor,
  type LostFoundKind,
} from '@/shared/lost-found-labels';
import { isZoneId, ZONES } from '@/shared/zone-list';
import {
  useCreateReport,
  usePatchReport,
  type Report,
  type ReportBody,
  type ReportChanges,
} from '@/features/lost-found/api/lost-found-api';
import classes from './lost-found.module.css';

type Errors = Partial<Record<'kind' | 'size' | 'colors' | 'zone' | 'date' | 'description', string>>;

const NOTHING_TO_CHANGE = 'No hay nada que cambiar';

const sameList = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The fields of `body` that differ from the report's. */
function changes(report: Report, body: Omit<ReportBody, 'kind'>): ReportChanges {
  const changed: ReportChanges = {};
  if (report.kind === 'lost' && body.name !== report.name) changed.name = body.name;
  if (body.sex !== report.sex) changed.sex = body.sex;
  if (body.size !== report.size) changed.size = body.size;
  if (!sameList(body.colors, report.colors)) changed.colors = body.colors;
  if (body.description !== report.description) changed.description = body.description;
  if (body.date !== report.date) changed.date = body.date;
  if (body.zone !== report.zone) changed.zone = body.zone;
  const photoIds = report.photos.map((photo) => photo.id);
  if (!sameList(body.photo_ids, photoIds)) changed.photo_ids = body.photo_ids;
  return changed;
}

export default function ReportFormPage() {
  return <ReportForm />;
}

/** The form: blank to publish, or filled with `report` for its reporter to change it. */
export function ReportForm({ report }: { report?: Report }) {
  const navigate = useNavigate();
  const create = useCreateReport();
  const patch = usePatchReport(report?.id ?? 0);
  const [store] = useState<PhotoUploadStore>(() =>
    createPhotoUploadStore(report?.photos ?? [], { max: PHOTOS_PER_REPORT }),
  );
  useEffect(() => () => store.dispose(), [store]);
  const [kind, setKind] = useState<LostFoundKind | ''>(report?.kind ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const today = bogotaToday(new Date());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const colors = data.getAll('colors').map(String) as LostFoundColor[];
    const zone = text('zone');
    const date = text('date');
    const found: Errors = {};
    if (!kind) found.kind = 'Elige si lo perdiste o lo encontraste';
    if (!text('size')) found.size = 'Elige el tamaño';
    if (colors.length === 0) found.colors = 'Elige al menos un color';
    if (!isZoneId(zone)) found.zone = 'Elige la zona';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = 'Escribe la fecha';
    else if (date > today) found.date = 'La fecha no puede ser posterior a hoy';
    if (!text('description')) found.description = 'Cuenta cómo es el perro';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"], input');
      first?.focus();
      return;
    }
    const pending = pendingPhotosMessage(store.getSnapshot());
    if (pending) {
      setFailure(pending);
      return;
    }
    const sex = text('sex');
    const body: ReportBody = {
      kind: kind as LostFoundKind,
      name: kind === 'lost' ? text('name') : '',
      sex: sex === 'male' || sex === 'female' ? (sex as DogSex) : null,
      size: text('size') as DogSize,
      colors,
      description: text('description'),
      date,
      zone: zone as (typeof ZONES)[number]['id'],
      photo_ids: store.photoIds(),
    };
    const onError = (error: Error) => setFailure(error.message);
    if (!report) {
      create.mutate(body, {
        onSuccess: (created) => void navigate({ to: `/perdidos/${created.id}` }),
        onError,
      });
      return;
    }
    const changed = changes(report, body);
    if (Object.keys(changed).length === 0) {
      setFailure(NOTHING_TO_CHANGE);
      return;
    }
    patch.mutate(changed, {
      // The report's page, with the new data, says it was saved.
      onSuccess: (saved) => void navigate({ to: `/perdidos/${saved.id}` }),
      onError,
    });
  };
  const title = report ? 'Editar tu reporte' : 'Publicar un reporte';

  return (
    <Container component="main" id="contenido" tabIndex={-1} size="sm" className={classes.page}>
      <Title order={1}>{title}</Title>
      <Text className={classes.lead}>
        Solo la zona, nunca tu dirección. Nadie ve tu correo ni tu teléfono: te escriben por el
        sitio y el mensaje te llega al correo.
      </Text>
      <form className={classes.form} onSubmit={submit} noValidate aria-label={title}>
        {report ? (
          <Text fw={600}>
            {report.kind === 'lost' ? 'Perdiste este perro' : 'Encontraste este perro'}
          </Text>
        ) : (
          <fieldset
            className={classes.fieldset}
            aria-describedby={errors.kind ? 'lf-kind-error' : undefined}
          >
            <legend>¿Qué pasó?</legend>
            <div className={classes.kind}>
              <label>
                <input
                  type="radio"
                  name="kind"
                  value="lost"
                  checked={kind === 'lost'}
                  onChange={() => setKind('lost')}
                />
                Perdí mi perro
              </label>
              <label>
                <input
                  type="radio"
                  name="kind"
                  value="found"
                  checked={kind === 'found'}
                  onChange={() => setKind('found')}
                />
                Encontré un perro
              </label>
            </div>
            {errors.kind && (
              <Text c="red.9" size="sm" id="lf-kind-error">
                {errors.kind}
              </Text>
            )}
          </fieldset>
        )}
        <PhotoUploader store={store} name="el perro" coverHint="la primera es la que se comparte" />
        {kind === 'lost' && (
          <TextInput
            label="Nombre del perro"
            name="name"
            maxLength={LOST_FOUND_NAME_MAX}
            autoComplete="off"
            defaultValue={report?.name}
          />
        )}
        <NativeSelect
          label="Sexo"
          name="sex"
          defaultValue={report?.sex ?? ''}
          data={[
            { value: '', label: 'No sé' },
            { value: 'male', label: 'Macho' },
            { value: 'female', label: 'Hembra' },
          ]}
        />
        <NativeSelect
          label="Tamaño"
          name="size"
          required
          defaultValue={report?.size ?? ''}
          error={errors.size}
          data={[
            { value: '', label: 'Elige…' },
            { value: 'small', label: 'Pequeño' },
            { value: 'medium', label: 'Mediano' },
            { value: 'large', label: 'Grande' },
          ]}
        />
        <fieldset
          className={classes.fieldset}
          aria-describedby={errors.colors ? 'lf-colors-error' : undefined}
        >
          <legend>Colores</legend>
          <div className={classes.colors}>
            {LOST_FOUND_COLORS.map((color) => (
              <label key={color}>
                <input
                  type="checkbox"
                  name="colors"
                  value={color}
                  defaultChecked={report?.colors.includes(color)}
                />
                {LOST_FOUND_COLOR_LABELS[color]}
              </label>
            ))}
          </div>
          {errors.colors && (
            <Text c="red.9" size="sm" id="lf-colors-error">
              {errors.colors}
            </Text>
          )}
        </fieldset>
        <NativeSelect
          label="Zona"
          name="zone"
          required
          defaultValue={report?.zone ?? ''}
          error={errors.zone}
          description="La comuna o el municipio, nunca la dirección"
          data={[
            { value: '', label: 'Elige…' },
            ...ZONES.map((z) => ({ value: z.id, label: z.name })),
          ]}
        />
        <TextInput
          label={kind === 'found' ? 'Fecha en que lo encontraste' : 'Fecha en que se perdió'}
          name="date"
          type="date"
          required
          max={today}
          defaultValue={report?.date ?? today}
          error={errors.date}
        />
        <Textarea
          label="Descripción"
          name="description"
          required
          autosize
          minRows={3}
          maxLength={LOST_FOUND_DESCRIPTION_MAX}
          defaultValue={report?.description}
          error={errors.description}
          description="Collar, manchas, cicatrices, cómo reacciona a su nombre…"
        />
        {failure && (
          <Alert
            color="red"
            title={report ? 'No se pudo guardar' : 'No se pudo publicar'}
            role="alert"
          >
            {failure}
          </Alert>
        )}
        <Button type="submit" size="md" loading={create.isPending || patch.isPending}>
          {report ? 'Guardar cambios' : 'Publicar'}
        </Button>
      </form>
    </Container>
  );
}
