// The body of the dog modal: the listing's fields in create, edit or view mode, the owner's
// contact (logged-in users only) or 'Contacto info' (visitors), and the create/update/delete actions.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { notify } from '@/components/overlays/overlays';
import { Heart } from '@/features/favorites/components/heart';
import { PhotoGallery } from '@/features/photos/components/photo-gallery';
import { PhotoUploader } from '@/features/photos/components/photo-uploader';
import { ReportListingButton } from '@/features/moderation/components/report-listing-button';
import { InterestPanel } from '@/features/adoption/components/interest-panel';
import {
  createPhotoUploadStore,
  pendingPhotosMessage,
  usePhotoUploads,
} from '@/features/photos/hooks/photo-upload-store';
import { toApiError } from '@/lib/api-client';
import { useMyOrgs } from '@/features/orgs/api/orgs';
import { dogFormSchema, type Dog } from '@/shared/dog';
import { ownerContactOf } from '@/features/dogs/owner-contact';
import { useSessionStore } from '@/stores/session-store';
import { useCreateDog } from '@/features/dogs/api/create-dog';
import { useDeleteDog } from '@/features/dogs/api/delete-dog';
import { useUpdateDog } from '@/features/dogs/api/update-dog';
import { SEX_OPTIONS, SIZE_OPTIONS } from '@/features/dogs/filter-options';
import {
  formatAge,
  SEX_LABELS,
  SIZE_LABELS,
  STATUS_LABELS,
  statusLabel,
  yesNo,
} from '@/lib/dog-labels';
import { focusDogList } from '@/features/dogs/components/carousel-state';
import { DogImage } from '@/features/dogs/components/dog-image';
import { OwnerContact } from '@/features/dogs/components/owner-contact';
import classes from '@/features/dogs/components/dog-modal.module.css';
import {
  dogModalCloseButtonId,
  type DogFields,
  type DogModalDraft,
  type DogModalMode,
} from './dog-modal-types';

type DogModalProps = {
  modalId: string;
  draft: DogModalDraft;
} & ({ mode: 'create'; dog?: undefined } | { mode: Exclude<DogModalMode, 'create'>; dog: Dog });

function toFields(dog?: Dog): DogFields {
  return {
    name: dog?.name ?? '',
    city: dog?.city ?? '',
    // `image` shows the cover photo when there is one; the field holds the URL the owner typed.
    image: dog?.image_url ?? dog?.image ?? '',
    height: dog?.height ?? '',
    weight: dog?.weight ?? '',
    life_span: dog?.life_span ?? '',
    personality: dog?.personality ?? '',
    sex: dog?.sex ?? '',
    size: dog?.size ?? '',
    status: dog?.status ?? 'available',
    age_years: dog?.age_months != null ? String(Math.floor(dog.age_months / 12)) : '',
    age_extra_months: dog?.age_months != null ? String(dog.age_months % 12) : '',
    sterilized: flag(dog?.sterilized),
    vaccinated: flag(dog?.vaccinated),
    good_with_kids: flag(dog?.good_with_kids),
    good_with_dogs: flag(dog?.good_with_dogs),
    good_with_cats: flag(dog?.good_with_cats),
    org_id: dog?.org ? String(dog.org.id) : '',
  };
}

const flag = (value: boolean | null | undefined) =>
  value === true ? 'yes' : value === false ? 'no' : '';

const FLAG_OPTIONS = [
  { value: '', label: 'Sin dato' },
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
];
const STATUS_OPTIONS = (['available', 'pending', 'adopted'] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

/** The profile's booleans, in the order the form shows them. */
const FLAGS = [
  ['sterilized', 'Esterilizado'],
  ['vaccinated', 'Vacunado'],
  ['good_with_kids', 'Convive con niños'],
  ['good_with_dogs', 'Convive con perros'],
  ['good_with_cats', 'Convive con gatos'],
] as const;

const notifyFailure = (title: string, message: string) => notify({ color: 'red', title, message });
const notifySuccess = (title: string, message: string) => notify({ color: 'teal', title, message });

/**
 * The confirmation's text. The modal manager swaps the open modal's content instead of opening
 * a new dialog, so nothing moves focus into it: this does, onto the safe choice (Cancelar).
 */
function FocusOnMount({ targetId, children }: { targetId: string; children: ReactNode }) {
  useEffect(() => {
    document.getElementById(targetId)?.focus();
  }, [targetId]);
  return <Text>{children}</Text>;
}

export default function DogModal({ modalId, mode, dog, draft }: DogModalProps) {
  const navigate = useNavigate();
  // The site's public origin (PUBLIC_ORIGIN on the server, the page's own in the browser).
  const origin =
    (useRouter({ warn: false })?.options.context as { origin?: string } | undefined)?.origin ??
    globalThis.location?.origin ??
    '';
  const logged = useSessionStore((state) => state.logged);
  const userId = useSessionStore((state) => state.id);
  const setContactDogId = useSessionStore((state) => state.setContactDogId);
  const createDog = useCreateDog();
  const updateDog = useUpdateDog();
  const deleteDog = useDeleteDog();
  const [error, setErrorState] = useState<string | null>(() => draft.read().error ?? null);
  const editable = mode !== 'view';
  const contact = dog && ownerContactOf(dog);
  const [photoStore] = useState(() => {
    const existing = draft.read().photos;
    if (existing) return existing;
    const created = createPhotoUploadStore(dog?.photos ?? []);
    draft.save({ photos: created });
    return created;
  });
  const photoState = usePhotoUploads(photoStore);
  const photos = photoState.items.flatMap((item) => (item.photo ? [item.photo] : []));
  // The organizations the person may publish for; a dog's own organization stays a choice.
  const myOrgs = useMyOrgs(editable);
  const orgOptions = (myOrgs.data ?? []).map((org) => ({ value: String(org.id), label: org.name }));
  if (dog?.org && !orgOptions.some((o) => o.value === String(dog.org!.id)))
    orgOptions.push({ value: String(dog.org.id), label: dog.org.name });

  const form = useForm<DogFields>({
    mode: 'controlled',
    initialValues: draft.read().values ?? toFields(dog),
    validate: schemaResolver(dogFormSchema, { sync: true }),
    onValuesChange: (values) => draft.save({ values }),
  });

  const setError = (message: string | null) => {
    draft.save({ error: message ?? undefined });
    setErrorState(message);
  };

  const close = () => modals.close(modalId);

  const photosUploading = photoState.items.some(
    (item) => item.status === 'queued' || item.status === 'uploading',
  );
  /** Something typed, or a photo added, removed or moved since the form opened. */
  const changed =
    editable &&
    (JSON.stringify(form.values) !== JSON.stringify(toFields(dog)) ||
      photoState.items.some((item) => !item.photo) ||
      photos.map((photo) => photo.id).join() !== (dog?.photos ?? []).map((p) => p.id).join());

  /** Cerrar: with unsaved changes, asks first (the modal manager keeps the draft meanwhile). */
  const askClose = () => {
    if (!changed) {
      close();
      return;
    }
    const confirmId = `${modalId}-discard`;
    const keepId = `${confirmId}-keep`;
    modals.openConfirmModal({
      modalId: confirmId,
      title: '¿Descartar los cambios?',
      children: (
        <FocusOnMount targetId={keepId}>
          Lo que escribiste y las fotos que agregaste no se guardarán.
        </FocusOnMount>
      ),
      labels: { confirm: 'Descartar', cancel: 'Seguir editando' },
      confirmProps: { color: 'red' },
      cancelProps: { id: keepId },
      onConfirm: () => {
        modals.close(modalId);
      },
    });
  };

  // The header's X and Escape close the way Cerrar does. The modal manager closes on its X before
  // any handler of ours could object, so its click is caught on the way down (capture, on the
  // window) and goes no further; Escape is off in the modal's settings and handled here as Mantine
  // would (before the dropdowns see it), except when it closes an open dropdown (Mantine marks its
  // input then). While a confirmation is shown
  // the manager unmounts this body, and these listeners with it. (A layout effect: no moment
  // between the loading placeholder's Escape and this one.)
  useLayoutEffect(() => {
    const closeButtonId = dogModalCloseButtonId(modalId);
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      if (event.target.closest('button')?.id !== closeButtonId) return;
      event.stopPropagation();
      event.preventDefault();
      askClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      askClose();
    };
    window.addEventListener('click', onClick, true);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  });

  // Back from the delete confirmation (cancelled or failed): the modal manager re-mounts this
  // body, so focus is put back on Eliminar instead of being lost to the page.
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (draft.read().refocusDelete) {
      draft.save({ refocusDelete: false });
      deleteButtonRef.current?.focus();
    }
  }, [draft]);

  const handleSubmit = form.onSubmit(async (values) => {
    const pending = pendingPhotosMessage(photoStore.getSnapshot());
    if (pending) {
      setError(pending);
      return;
    }
    const input = { ...dogFormSchema.parse(values), photo_ids: photoStore.photoIds() };
    setError(null);
    if (mode === 'create') {
      try {
        const created = await createDog.mutateAsync(input);
        // The new dog's page, and a way to share it where adopters are.
        const page = `${origin}/perros/${created.id}`;
        const share = `Conoce a ${created.name}, busca hogar en ${created.city}: ${page}`;
        notify({
          color: 'teal',
          title: 'Perro publicado',
          autoClose: 15_000,
          message: (
            <>
              {created.name} ya está en adopción.{' '}
              <Anchor component={Link} to={`/perros/${created.id}`}>
                Ver su página
              </Anchor>
              {' · '}
              <Anchor
                href={`https://wa.me/?text=${encodeURIComponent(share)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Compartir por WhatsApp
              </Anchor>
            </>
          ),
        });
        close();
      } catch (cause) {
        const message = toApiError(cause).message;
        setError(message);
        notifyFailure('No se pudo publicar', message);
      }
    } else if (mode === 'edit') {
      try {
        const updated = await updateDog.mutateAsync({ id: dog.id, input });
        notifySuccess('Información actualizada', `Guardamos los cambios de ${updated.name}.`);
        close();
      } catch (cause) {
        const message = toApiError(cause).message;
        setError(message);
        notifyFailure('No se pudo actualizar', message);
      }
    }
  });

  const askDelete = () => {
    if (mode !== 'edit') return;
    const confirmId = `${modalId}-confirm`;
    const cancelId = `${confirmId}-cancel`;
    draft.save({ refocusDelete: true });
    modals.openConfirmModal({
      modalId: confirmId,
      title: `¿Eliminar a ${dog.name}?`,
      children: (
        <FocusOnMount targetId={cancelId}>
          La publicación de {dog.name} dejará de verse en el carrusel. Esta acción no se puede
          deshacer.
        </FocusOnMount>
      ),
      labels: { confirm: 'Sí, eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      cancelProps: { id: cancelId },
      closeOnConfirm: false,
      onConfirm: () => {
        // Keep the confirmation open, busy, until the server answers: no double delete.
        modals.updateModal({
          modalId: confirmId,
          confirmProps: { color: 'red', loading: true },
          cancelProps: { id: cancelId, disabled: true },
          closeOnEscape: false,
          withCloseButton: false,
        });
        setError(null);
        deleteDog.mutateAsync(dog.id).then(
          () => {
            notifySuccess('Publicación eliminada', `${dog.name} ya no aparece en adopción.`);
            modals.close(modalId);
            modals.close(confirmId);
            // Its card (the modal's opener) is gone: focus the list rather than the page body.
            focusDogList();
          },
          (cause: unknown) => {
            const message = toApiError(cause).message;
            setError(message);
            notifyFailure('No se pudo eliminar', message);
            modals.close(confirmId);
          },
        );
      },
    });
  };

  const askForContact = () => {
    if (!dog) return;
    setContactDogId(dog.id);
    close();
    void navigate({ to: '/entrar' });
  };

  const fieldProps = (field: keyof DogFields) => ({
    ...form.getInputProps(field),
    readOnly: !editable,
  });

  const busy = createDog.isPending || updateDog.isPending;

  return (
    <form onSubmit={handleSubmit} noValidate>
      {dog?.hidden_reason !== undefined && (
        // Only the owner receives a hidden listing, with the reason moderation gave.
        <Alert color="red" mb="md" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          Tu publicación fue ocultada: {dog.hidden_reason}
        </Alert>
      )}
      <div className={classes.layout}>
        <div className={classes.aside}>
          {photos.length > 0 ? (
            <PhotoGallery
              photos={photos}
              name={form.values.name || dog?.name || 'Foto del perro'}
              sizes="18rem"
              priority
            />
          ) : (
            <DogImage
              src={form.values.image}
              name={form.values.name || dog?.name || 'Foto del perro'}
              className={classes.photo}
            />
          )}
          {dog && (
            <Anchor component={Link} to={`/perros/${dog.id}`} onClick={close}>
              Ver la página de {dog.name}
            </Anchor>
          )}
          {logged && contact && dog?.status !== 'adopted' && (
            <Paper p="md" radius="md" className={classes.contact}>
              <Title order={3} className={classes.contactTitle} mb="xs">
                Contacto de quien lo publicó
              </Title>
              <OwnerContact user={contact} dog={dog} />
            </Paper>
          )}
          {dog && <Heart dog={dog} />}
          {/* Visitors have "Contacto info" below, which logs them in and reopens this dog. */}
          {mode === 'view' && dog && logged && <InterestPanel dog={dog} onLeave={close} />}
          {!logged && dog && dog.status !== 'adopted' && (
            <Stack gap="xs">
              <Text size="sm">
                Inicia sesión para ver el nombre y el correo de quien dio a {dog.name} en adopción.
              </Text>
              <Button
                variant="light"
                leftSection={<IconMail size={18} aria-hidden="true" />}
                onClick={askForContact}
              >
                Contacto info
              </Button>
            </Stack>
          )}
        </div>

        <div className={classes.fields}>
          {/* Photos first: what a person has at hand, and what makes a listing. */}
          {editable && (
            <div className={classes.wide}>
              <PhotoUploader store={photoStore} name={form.values.name} />
            </div>
          )}
          <TextInput
            label="ID"
            value={dog ? String(dog.id) : ''}
            readOnly
            description={dog ? undefined : 'Se asigna al publicar'}
          />
          <TextInput
            label="Imagen (URL)"
            type="url"
            inputMode="url"
            description={editable ? 'Opcional: enlace http(s) a una foto' : undefined}
            {...fieldProps('image')}
          />
          <TextInput
            label="Nombre"
            required={editable}
            description={editable ? 'Obligatorio' : undefined}
            {...fieldProps('name')}
          />
          <TextInput
            label="Ciudad"
            required={editable}
            description={editable ? 'Obligatorio' : undefined}
            {...fieldProps('city')}
          />
          <TextInput label="ID del dueño" value={dog ? String(dog.hostage_id) : userId} readOnly />
          <TextInput label="Peso" {...fieldProps('weight')} />
          <TextInput label="Altura" {...fieldProps('height')} />
          <TextInput label="Esperanza de vida" {...fieldProps('life_span')} />
          <Textarea
            className={classes.wide}
            label="Personalidad"
            autosize
            minRows={3}
            maxRows={8}
            {...fieldProps('personality')}
          />
          {editable ? (
            <>
              <NativeSelect
                label="Sexo"
                data={[{ value: '', label: 'Sin dato' }, ...SEX_OPTIONS]}
                {...form.getInputProps('sex')}
              />
              <NativeSelect
                label="Tamaño"
                data={[{ value: '', label: 'Sin dato' }, ...SIZE_OPTIONS]}
                {...form.getInputProps('size')}
              />
              <TextInput
                label="Edad: años"
                inputMode="numeric"
                description="Deja años y meses vacíos si no la sabes"
                {...form.getInputProps('age_years')}
              />
              <TextInput
                label="Edad: meses"
                inputMode="numeric"
                description="De 0 a 11"
                {...form.getInputProps('age_extra_months')}
              />
              {FLAGS.map(([field, label]) => (
                <NativeSelect
                  key={field}
                  label={label}
                  data={FLAG_OPTIONS}
                  {...form.getInputProps(field)}
                />
              ))}
              <NativeSelect
                label="Estado"
                data={STATUS_OPTIONS}
                {...form.getInputProps('status')}
              />
              {orgOptions.length > 0 && (
                <NativeSelect
                  label="Publicar a nombre de"
                  description="Todas las personas de la organización podrán editarlo y responder sus solicitudes"
                  data={[{ value: '', label: 'Solo a mi nombre' }, ...orgOptions]}
                  {...form.getInputProps('org_id')}
                />
              )}
            </>
          ) : (
            dog && (
              <>
                <TextInput
                  label="Sexo"
                  readOnly
                  value={dog.sex ? SEX_LABELS[dog.sex] : 'Sin dato'}
                />
                <TextInput
                  label="Tamaño"
                  readOnly
                  value={dog.size ? SIZE_LABELS[dog.size] : 'Sin dato'}
                />
                <TextInput
                  label="Edad"
                  readOnly
                  value={dog.age_months != null ? formatAge(dog.age_months) : 'Sin dato'}
                />
                {FLAGS.map(([field, label]) => (
                  <TextInput key={field} label={label} readOnly value={yesNo(dog[field])} />
                ))}
                <TextInput
                  label="Estado"
                  readOnly
                  value={statusLabel(dog.status ?? 'available', dog.sex)}
                />
              </>
            )
          )}
        </div>
      </div>

      {error && (
        <Alert
          mt="lg"
          color="red"
          variant="light"
          role="alert"
          title="No se pudo completar la acción"
          icon={<IconAlertCircle aria-hidden="true" />}
        >
          {error}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm" className={classes.actions}>
        {mode === 'create' && (
          <Button type="submit" loading={createDog.isPending} disabled={photosUploading}>
            {photosUploading ? 'Subiendo fotos…' : 'Publicar'}
          </Button>
        )}
        {mode === 'edit' && (
          <>
            <Button
              type="submit"
              loading={updateDog.isPending}
              disabled={deleteDog.isPending || photosUploading}
            >
              {photosUploading ? 'Subiendo fotos…' : 'Actualizar'}
            </Button>
            <Button
              ref={deleteButtonRef}
              color="red"
              variant="outline"
              onClick={askDelete}
              disabled={busy || deleteDog.isPending}
            >
              Eliminar
            </Button>
          </>
        )}
        {mode === 'view' && dog && <ReportListingButton dog={dog} />}
        <Button variant="default" onClick={askClose}>
          Cerrar
        </Button>
      </Group>
    </form>
  );
}
