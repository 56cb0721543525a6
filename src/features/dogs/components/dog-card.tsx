// One dog in the carousel or in Guardados: photo, the heart, name, city and the button that opens
// the dog modal.
import '@mantine/core/styles/Card.css';
import { Button, Card, Title, VisuallyHidden } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { PhotoPicture } from '@/components/photo-picture';
import { useHydrating } from '@/lib/use-hydrating';
import type { Dog } from '@/shared/dog';
import classes from './dog-card.module.css';
import { DogImage } from './dog-image';

/** The card's photo is 18rem wide, or the whole slide on the narrowest screens. */
const CARD_PHOTO_SIZES = '(max-width: 30em) 100vw, 18rem';

type DogCardProps = {
  dog: Dog;
  /** The logged user published this dog: the button says EDITAR and opens the edit mode. */
  owned: boolean;
  onOpen: (dog: Dog) => void;
  onIntent?: () => void;
  /** The heart on the photo (the favorites feature's), handed over by the carousel. */
  favorite?: ReactNode;
};

export function DogCard({ dog, owned, onOpen, onIntent, favorite }: DogCardProps) {
  const nameId = useId();
  const hydrating = useHydrating();
  const cover = dog.photos?.[0];
  return (
    <Card
      component="article"
      radius="lg"
      padding={0}
      className={classes.card}
      aria-labelledby={nameId}
    >
      {cover ? (
        <PhotoPicture
          photo={cover}
          alt={dog.name}
          sizes={CARD_PHOTO_SIZES}
          // Lazy: the carousel is below the hero, and an eager cover would take a phone's
          // bandwidth from the first view's stylesheet and code.
          className={classes.image}
        />
      ) : (
        <DogImage src={dog.image} name={dog.name} loading="lazy" className={classes.image} />
      )}
      {/* Added once the page is interactive: the first view's code and styles stay small, and
          a heart pressed before then would do nothing. */}
      {!hydrating && favorite}
      <div className={classes.body}>
        <Title order={3} id={nameId} className={classes.name}>
          {dog.name}
        </Title>
        {dog.demo && <span className={classes.example}>Ejemplo</span>}
        <p className={classes.city}>
          <IconMapPin size={18} stroke={1.8} aria-hidden="true" />
          <VisuallyHidden>Ciudad: </VisuallyHidden>
          {dog.city}
        </p>
        <Button
          className={classes.action}
          variant={owned ? 'filled' : 'light'}
          color={owned ? 'teal' : 'brand'}
          fullWidth
          aria-describedby={nameId}
          // Inside the carousel's form, a press before the code runs loads /?perro=<id>.
          type="submit"
          name="perro"
          value={dog.id}
          onClick={(event) => {
            event.preventDefault();
            onOpen(dog);
          }}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          {owned ? 'EDITAR' : 'Info Dog'}
        </Button>
      </div>
    </Card>
  );
}
