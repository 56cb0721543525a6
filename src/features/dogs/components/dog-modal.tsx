// The body of the dog modal: the listing's fields in create, edit or view mode, the owner's
// contact (logged-in users only) or 'Contacto info' (visitors), and the create/update/delete actions.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconMail, IconUser } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { notify } from '@/components/overlays/overlays';
import { toApiError } from '@/lib/api-client';
import { dogInputSchema, type Dog } from '@/shared/dog';
import { useSessionStore } from '@/stores/session-store';
import { useCreateDog } from '../api/create-dog';
import { useDeleteDog } from '../api/delete-dog';
import { useUpdateDog } from '../api/update-dog';
import { focusDogList } from './carousel-state';
import { DogImage } from './dog-image';
import classes from './dog-modal.module.css';
import type { DogFields, DogModalDraft, DogModalMode } from './dog-modal-types';

type DogModalProps = {
  modalId: string;
  draft: DogModalDraft;
} & ({ mode: 'create'; dog?: undefined } | { mode: Exclude<DogModalMode, 'create'>; dog: Dog });

function toFields(dog?: Dog): DogFields {
  return {
    name: dog?.name ?? '',
    city: dog?.city ?? '',
    image: dog?.image ?? '',
    height: dog?.height ?? '',
    weight: dog?.weight ?? '',
    life_span: dog?.life_span ?? '',
    personality: dog?.personality ?? '',
  };
}

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
  const logged = useSessionStore((state) => state.logged);
  const userId = useSessionStore((state) => state.id);
  const setContactDogId = useSessionStore((state) => state.setContactDogId);
  const createDog = useCreateDog();
  const updateDog = useUpdateDog();
  const deleteDog = useDeleteDog();
  const [error, setErrorState] = useState<string | null>(() => draft.read().error ?? null);
  const editable = mode !== 'view';

  const form = useForm<DogFields>({
    mode: 'controlled',
    initialValues: draft.read().values ?? toFields(dog),
    validate: schemaResolver(dogInputSchema, { sync: true }),
    onValuesChange: (values) => draft.save({ values }),
  });

  const setError = (message: string | null) => {
    draft.save({ error: message ?? undefined });
    setErrorState(message);
  };

  const close = () => modals.close(modalId);

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
    const input = dogInputSchema.parse(values);
    setError(null);
    if (mode === 'create') {
      try {
        const created = await createDog.mutateAsync(input);
        notifySuccess('Perro publicado', `${created.name} ya está en adopción.`);
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
      <div className={classes.layout}>
        <div className={classes.aside}>
          <DogImage
            src={form.values.image}
            name={form.values.name || dog?.name || 'Foto del perro'}
            className={classes.photo}
          />
          {logged && dog?.user && (
            <Paper p="md" radius="md" className={classes.contact}>
              <Title order={3} className={classes.contactTitle} mb="xs">
                Contacto de quien lo publicó
              </Title>
              <Stack gap={4}>
                <Group gap={6} wrap="nowrap">
                  <IconUser size={18} aria-hidden="true" />
                  <Text>{dog.user.name}</Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <IconMail size={18} aria-hidden="true" />
                  <Anchor href={`mailto:${dog.user.email}`} style={{ overflowWrap: 'anywhere' }}>
                    {dog.user.email}
                  </Anchor>
                </Group>
              </Stack>
            </Paper>
          )}
          {!logged && dog && (
            <Stack gap="xs">
              <Text size="sm">
                Inicia sesión para ver el nombre y el correo de quien dio a {dog.name} en adopción.
              </Text>
              <Button variant="light" leftSection={<IconMail size={18} aria-hidden="true" />} onClick={askForContact}>
                Contacto info
              </Button>
            </Stack>
          )}
        </div>

        <div className={classes.fields}>
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
          <TextInput
            label="ID del dueño"
            value={dog ? String(dog.hostage_id) : userId}
            readOnly
          />
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
          <Button type="submit" loading={createDog.isPending}>
            Publicar
          </Button>
        )}
        {mode === 'edit' && (
          <>
            <Button type="submit" loading={updateDog.isPending} disabled={deleteDog.isPending}>
              Actualizar
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
        <Button variant="default" onClick={close}>
          Cerrar
        </Button>
      </Group>
    </form>
  );
}
