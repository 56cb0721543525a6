// The dog modal's form: publishing a dog (create) or changing one's listing (edit). Photos first,
// then the fields; Publicar / Actualizar, Eliminar (after a confirmation) and Cerrar, which asks
// before throwing away unsaved changes.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FocusOnMount } from '@/components/overlays/focus-on-mount';
import { notify } from '@/components/overlays/overlays';
import { useCreateDog } from '@/features/dogs/api/create-dog';
import { useUpdateDog } from '@/features/dogs/api/update-dog';
import { focusDogList } from '@/features/dogs/components/carousel-state';
import { DOG_FLAGS, HiddenListingAlert } from '@/features/dogs/components/dog-details';
import { SEX_OPTIONS, SIZE_OPTIONS } from '@/features/dogs/filter-options';
import { useConfirmDeleteDog } from '@/features/dogs/hooks/use-confirm-delete-dog';
import { useMyOrgs } from '@/features/orgs/api/orgs';
import { PhotoUploader } from '@/features/photos/components/photo-uploader';
import {
  createPhotoUploadStore,
  pendingPhotosMessage,
  usePhotoUploads,
} from '@/features/photos/hooks/photo-upload-store';
import { toApiError } from '@/lib/api-client';
import { STATUS_LABELS } from '@/lib/dog-labels';
import { dogFormSchema, type Dog } from '@/shared/dog';
import { classes, CommonFields, DogModalAside, toFields } from './dog-modal-parts';
import type { DogFields, DogModalDraft } from './dog-modal-types';
import { useCloseGuard } from './use-close-guard';

export type DogFormProps = {
  modalId: string;
  draft: DogModalDraft;
} & ({ mode: 'create'; dog?: undefined } | { mode: 'edit'; dog: Dog });

const FLAG_OPTIONS = [
  { value: '', label: 'Sin dato' },
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
];
const STATUS_OPTIONS = (['available', 'pending', 'adopted'] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

const notifyFailure = (title: string, message: string) => notify({ color: 'red', title, message });
const notifySuccess = (title: string, message: string) => notify({ color: 'teal', title, message });

export function DogForm({ modalId, mode, dog, draft }: DogFormProps) {
  // The site's public origin (PUBLIC_ORIGIN on the server, the page's own in the browser).
  const origin =
    (useRouter({ warn: false })?.options.context as { origin?: string } | undefined)?.origin ??
    globalThis.location?.origin ??
    '';
  const createDog = useCreateDog();
  const updateDog = useUpdateDog();
  const { confirmDelete, deleting } = useConfirmDeleteDog();
  const [error, setErrorState] = useState<string | null>(() => draft.read().error ?? null);
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
  const myOrgs = useMyOrgs(true);
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
    JSON.stringify(form.values) !== JSON.stringify(toFields(dog)) ||
    photoState.items.some((item) => !item.photo) ||
    photos.map((photo) => photo.id).join() !== (dog?.photos ?? []).map((p) => p.id).join();

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

  // The header's X and Escape close the way Cerrar does.
  useCloseGuard(modalId, askClose);

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
    draft.save({ refocusDelete: true });
    void confirmDelete({
      dog,
      modalId: `${modalId}-confirm`,
      message: (
        <>
          La publicación de {dog.name} dejará de verse en el carrusel. Esta acción no se puede
          deshacer.
        </>
      ),
      closeWith: modalId,
      onConfirmed: () => setError(null),
      // Its card (the modal's opener) is gone: focus the list rather than the page body.
      onDeleted: focusDogList,
      onFailed: setError,
    });
  };

  const fieldProps = (field: keyof DogFields) => ({
    ...form.getInputProps(field),
    readOnly: false,
  });

  const busy = createDog.isPending || updateDog.isPending;

  return (
    <form onSubmit={handleSubmit} noValidate>
      {dog && <HiddenListingAlert dog={dog} />}
      <div className={classes.layout}>
        <DogModalAside
          dog={dog}
          photos={photos}
          name={form.values.name}
          image={form.values.image}
          onLeave={close}
        />

        <div className={classes.fields}>
          {/* Photos first: what a person has at hand, and what makes a listing. */}
          <div className={classes.wide}>
            <PhotoUploader store={photoStore} name={form.values.name} />
          </div>
          <CommonFields dog={dog} editable fieldProps={fieldProps} />
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
            {DOG_FLAGS.map(([field, label]) => (
              <NativeSelect
                key={field}
                label={label}
                data={FLAG_OPTIONS}
                {...form.getInputProps(field)}
              />
            ))}
            <NativeSelect label="Estado" data={STATUS_OPTIONS} {...form.getInputProps('status')} />
            {orgOptions.length > 0 && (
              <NativeSelect
                label="Publicar a nombre de"
                description="Todas las personas de la organización podrán editarlo y responder sus solicitudes"
                data={[{ value: '', label: 'Solo a mi nombre' }, ...orgOptions]}
                {...form.getInputProps('org_id')}
              />
            )}
          </>
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
              disabled={deleting || photosUploading}
            >
              {photosUploading ? 'Subiendo fotos…' : 'Actualizar'}
            </Button>
            <Button
              ref={deleteButtonRef}
              color="red"
              variant="outline"
              onClick={askDelete}
              disabled={busy || deleting}
            >
              Eliminar
            </Button>
          </>
        )}
        <Button variant="default" onClick={askClose}>
          Cerrar
        </Button>
      </Group>
    </form>
  );
}
