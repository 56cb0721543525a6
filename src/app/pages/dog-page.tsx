// A dog's own page (/perros/$id), drawn on the server for everyone: its photos, every field of its
// profile, its status, the owner's contact for logged-in visitors ("Contacto info" for the others,
// which asks them to log in and brings them back here), "Me interesa", the owner's actions (edit,
// the status control) and "Compartir" (the Web Share API where there is one, otherwise the link
// is copied). An adopted dog keeps its page and badge, without contact or "Me interesa".
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Anchor, Badge, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconMail, IconMapPin, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFoundPage } from '@/components/error-pages';
import { notify } from '@/components/overlays/overlays';
import { PlainButtonLink } from '@/components/plain-button';
import { Heart } from '@/features/favorites/components/heart';
import { InterestPanel } from '@/features/adoption/components/interest-panel';
import { ResponseTimeNote } from '@/features/adoption/components/response-time-note';
import { DogToday } from '@/features/follow-up/components/dog-today';
import { StatusControl } from '@/features/adoption/components/status-control';
import { ReportListingButton } from '@/features/moderation/components/report-listing-button';
import { PhotoGallery } from '@/features/photos/components/photo-gallery';
import type { Dog } from '@/shared/dog';
import { ownerContactOf } from '@/features/dogs/owner-contact';
import { isOwner, useSessionStore, useSessionStoreApi } from '@/stores/session-store';
import { dogQueryOptions } from '@/features/dogs/api/get-dog';
import {
  formatAge,
  formatPublished,
  SEX_LABELS,
  SIZE_LABELS,
  STATUS_COLORS,
  statusLabel,
  adoptedWord,
  yesNo,
} from '@/lib/dog-labels';
import { DOG_FLAGS, HiddenListingAlert } from '@/features/dogs/components/dog-details';
import { DogImage } from '@/features/dogs/components/dog-image';
import { useMyOrgs } from '@/features/orgs/api/orgs';
import { VerifiedBadge } from '@/components/verified-badge';
import { orgPath } from '@/shared/org-paths';
import { OwnerContact } from '@/features/dogs/components/owner-contact';
import { openDogModal, preloadDogModal } from '@/app/dog-modal/open-dog-modal';
import classes from './dog-page.module.css';

/** The page of a dog that does not exist (or was removed): status 404 (the route's notFound). */
export function DogNotFound() {
  return (
    <NotFoundPage
      title="Este perro ya no está publicado"
      message="Puede que ya haya encontrado hogar o que quien lo publicó haya retirado la publicación."
      action={<PlainButtonLink to="/perros">Ver todos los perros</PlainButtonLink>}
    />
  );
}

/** The gallery spans the page on phones and half of it from 62em on. */
const GALLERY_SIZES = '(min-width: 62em) 36rem, 100vw';

function Facts({ dog }: { dog: Dog }) {
  const rows: Array<[string, string]> = [
    ['Ciudad', dog.city],
    ['Sexo', dog.sex ? SEX_LABELS[dog.sex] : 'Sin dato'],
    ['Tamaño', dog.size ? SIZE_LABELS[dog.size] : 'Sin dato'],
    ['Edad', dog.age_months != null ? formatAge(dog.age_months) : 'Sin dato'],
    ['Peso', dog.weight || 'Sin dato'],
    ['Altura', dog.height || 'Sin dato'],
    ['Esperanza de vida', dog.life_span || 'Sin dato'],
    ...DOG_FLAGS.map(([field, label]): [string, string] => [label, yesNo(dog[field])]),
  ];
  return (
    <dl className={classes.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={classes.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

async function share(dog: Dog) {
  const url = window.location.href.split('#')[0]!;
  const text = `${dog.name} busca hogar en ${dog.city}. Conócelo en Happy Dog:`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `${dog.name} | Happy Dog`, text, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify({
      color: 'teal',
      title: 'Enlace copiado',
      message: `Pega el enlace de ${dog.name} en WhatsApp o donde quieras compartirlo.`,
    });
  } catch {
    notify({ color: 'red', title: 'No se pudo copiar el enlace', message: url });
  }
}

export function DogPage({ id }: { id: number }) {
  const query = useQuery(dogQueryOptions(id));
  const navigate = useNavigate();
  const store = useSessionStoreApi();
  const logged = useSessionStore((state) => state.logged);
  const userId = useSessionStore((state) => state.id);
  const contactDogId = useSessionStore((state) => state.contactDogId);
  const dog = query.data;

  // Every member of the organization that publishes the dog manages it too.
  const myOrgs = useMyOrgs(!!dog?.org);

  // Back from logging in through "Contacto info": the contact is on this page now.
  useEffect(() => {
    if (logged && contactDogId === id) store.getState().clearContactDogId();
  }, [logged, contactDogId, id, store]);

  if (!dog) {
    // Removed while the page was open (its owner deleted it, here or elsewhere).
    return (
      <main id="contenido" tabIndex={-1} className={classes.main}>
        <Container size="sm">
          <Title order={1}>Este perro ya no está publicado</Title>
          <Text my="md">{query.error?.message}</Text>
          <Button component={Link} to="/perros">
            Ver todos los perros
          </Button>
        </Container>
      </main>
    );
  }

  const status = dog.status ?? 'available';
  const owned =
    isOwner({ id: userId, logged }, dog.hostage_id) ||
    (!!dog.org && !!myOrgs.data?.some((org) => org.id === dog.org!.id));
  const photos = dog.photos ?? [];
  const contact = ownerContactOf(dog);

  const askForContact = () => {
    store.getState().setContactDogId(dog.id);
    void navigate({ to: '/entrar', search: { redirect: `/perros/${dog.id}` } });
  };

  return (
    <main id="contenido" tabIndex={-1} className={classes.main}>
      <Container size="lg">
        <Anchor component={Link} to="/perros" className={classes.back}>
          <IconArrowLeft size={18} aria-hidden="true" />
          Ver todos los perros
        </Anchor>
        <div className={classes.layout}>
          <div className={classes.gallery}>
            {photos.length > 0 ? (
              <PhotoGallery photos={photos} name={dog.name} sizes={GALLERY_SIZES} priority large />
            ) : (
              <DogImage
                src={dog.image}
                name={dog.name}
                width={576}
                height={432}
                fetchPriority="high"
                className={classes.photo}
              />
            )}
          </div>
          <div>
            <Badge color={STATUS_COLORS[status]} variant="filled" size="lg">
              {statusLabel(status, dog.sex)}
            </Badge>
            {dog.demo && (
              <Badge color="dark" variant="outline" size="lg" ml="xs">
                Ejemplo
              </Badge>
            )}
            <Title order={1} className={classes.name}>
              {dog.name}
            </Title>
            <p className={classes.city}>
              <IconMapPin size={18} stroke={1.8} aria-hidden="true" />
              {dog.city}
            </p>
            {dog.org && (
              <p className={classes.city}>
                <span>
                  Publicado por{' '}
                  <Anchor component={Link} to={orgPath(dog.org.slug)}>
                    {dog.org.name}
                  </Anchor>
                </span>
                {dog.org.verified && <VerifiedBadge />}
              </p>
            )}
            {dog.created_at && (
              <p className={classes.published} suppressHydrationWarning>
                {formatPublished(dog.created_at)}
              </p>
            )}
            <Group gap="sm" my="md">
              <Button
                variant="light"
                leftSection={<IconShare size={18} aria-hidden="true" />}
                onClick={() => void share(dog)}
              >
                Compartir
              </Button>
              <Heart dog={dog} />
              {owned && (
                <Button
                  color="teal"
                  leftSection={<IconEdit size={18} aria-hidden="true" />}
                  onPointerEnter={preloadDogModal}
                  onFocus={preloadDogModal}
                  onClick={() => openDogModal({ mode: 'edit', dog })}
                >
                  Editar publicación
                </Button>
              )}
              <ReportListingButton dog={dog} />
            </Group>
            {owned && (
              <div className={classes.status}>
                <StatusControl dog={dog} />
              </div>
            )}
            <HiddenListingAlert dog={dog} />
            {dog.personality && (
              <>
                <Title order={2} size="h3" mt="md">
                  Personalidad
                </Title>
                <Text mt="xs" className={classes.personality}>
                  {dog.personality}
                </Text>
              </>
            )}
            <Title order={2} size="h3" mt="lg">
              Ficha
            </Title>
            <Facts dog={dog} />
            {status !== 'adopted' && !owned && (
              // An adopted dog's page stays (with its badge) but takes no more contact.
              <section className={classes.contact} aria-labelledby="contacto-del-perro">
                <Title order={2} size="h3" id="contacto-del-perro">
                  Contacto de quien lo publicó
                </Title>
                {logged && contact ? (
                  <OwnerContact user={contact} dog={dog} mt="xs" />
                ) : (
                  <>
                    <Text size="sm" my="xs">
                      Inicia sesión para ver el nombre y el correo de quien dio a {dog.name} en
                      adopción.
                    </Text>
                    <Button
                      variant="light"
                      leftSection={<IconMail size={18} aria-hidden="true" />}
                      onClick={askForContact}
                    >
                      Contacto info
                    </Button>
                  </>
                )}
                <div className={classes.interest}>
                  <InterestPanel dog={dog} />
                  <ResponseTimeNote dogId={dog.id} />
                </div>
              </section>
            )}
            {status === 'adopted' && (
              <Alert color="grape" variant="light" mt="lg" title="¡Ya encontró hogar!">
                {dog.name} fue {adoptedWord(dog.sex)}. Mira los otros perros que siguen buscando
                familia.
              </Alert>
            )}
            {status === 'adopted' && <DogToday dogId={dog.id} dogName={dog.name} />}
          </div>
        </div>
      </Container>
    </main>
  );
}
