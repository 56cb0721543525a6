// What the dog modal's form (create / edit) and its view share: the fields as the form holds
// them, the column beside the fields (photos, the dog's page, the owner's contact, the heart) and
// the fields every mode lists first.
import '@mantine/core/styles/Input.css';
import { Anchor, Button, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DogImage } from '@/features/dogs/components/dog-image';
import { OwnerContact } from '@/features/dogs/components/owner-contact';
import classes from './dog-modal.module.css';
import { ownerContactOf } from '@/features/dogs/owner-contact';
import { Heart } from '@/features/favorites/components/heart';
import { PhotoGallery } from '@/features/photos/components/photo-gallery';
import type { Dog } from '@/shared/dog';
import type { Photo } from '@/shared/photo';
import { useSessionStore } from '@/stores/session-store';
import type { DogFields } from './dog-modal-types';

export { classes };

export function toFields(dog?: Dog): DogFields {
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

type AsideProps = {
  dog?: Dog;
  photos: Photo[];
  /** The name and image URL as the fields hold them now. */
  name: string;
  image: string;
  /** Leaving for the dog's page or for logging in closes the modal. */
  onLeave: () => void;
  /** What the mode adds below the heart (the view's "Me interesa"). */
  children?: ReactNode;
};

export function DogModalAside({ dog, photos, name, image, onLeave, children }: AsideProps) {
  const navigate = useNavigate();
  const logged = useSessionStore((state) => state.logged);
  const setContactDogId = useSessionStore((state) => state.setContactDogId);
  const contact = dog && ownerContactOf(dog);

  const askForContact = () => {
    if (!dog) return;
    setContactDogId(dog.id);
    onLeave();
    void navigate({ to: '/entrar' });
  };

  return (
    <div className={classes.aside}>
      {photos.length > 0 ? (
        <PhotoGallery
          photos={photos}
          name={name || dog?.name || 'Foto del perro'}
          sizes="18rem"
          priority
        />
      ) : (
        <DogImage
          src={image}
          name={name || dog?.name || 'Foto del perro'}
          className={classes.photo}
        />
      )}
      {dog && (
        <Anchor component={Link} to={`/perros/${dog.id}`} onClick={onLeave}>
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
      {children}
      {/* Visitors have "Contacto info", which logs them in and reopens this dog. */}
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
  );
}

type FieldProps = (field: keyof DogFields) => object;

/** ID, image, name, city, owner, weight, height, life span and personality: in every mode. */
export function CommonFields({
  dog,
  editable,
  fieldProps,
}: {
  dog?: Dog;
  editable: boolean;
  fieldProps: FieldProps;
}) {
  const userId = useSessionStore((state) => state.id);
  return (
    <>
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
    </>
  );
}
