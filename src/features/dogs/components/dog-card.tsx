// One dog in the carousel: photo, name, city and the button that opens the dog modal.
import { Button, Card, Title, VisuallyHidden } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useId } from 'react';
import type { Dog } from '@/shared/dog';
import classes from './dog-card.module.css';
import { DogImage } from './dog-image';

type DogCardProps = {
  dog: Dog;
  /** The logged user published this dog: the button says EDITAR and opens the edit mode. */
  owned: boolean;
  onOpen: (dog: Dog) => void;
  onIntent?: () => void;
};

export function DogCard({ dog, owned, onOpen, onIntent }: DogCardProps) {
  const nameId = useId();
  return (
    <Card component="article" radius="lg" padding={0} className={classes.card} aria-labelledby={nameId}>
      <DogImage src={dog.image} name={dog.name} loading="lazy" className={classes.image} />
      <div className={classes.body}>
        <Title order={3} id={nameId} className={classes.name}>
          {dog.name}
        </Title>
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
          onClick={() => onOpen(dog)}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          {owned ? 'EDITAR' : 'Info Dog'}
        </Button>
      </div>
    </Card>
  );
}
