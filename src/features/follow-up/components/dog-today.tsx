// "Así está hoy" on a dog's page: the latest check-in photo and its date, shown only when the
// adopter agreed to share it (the API answers null otherwise). No names or contacts.
import { Text, Title } from '@mantine/core';
import { useDogToday } from '../api/follow-up';
import { formatInstant } from './parts';
import classes from './follow-up.module.css';

export function DogToday({ dogId, dogName }: { dogId: number; dogName: string }) {
  const today = useDogToday(dogId).data?.today;
  if (!today) return null;
  return (
    <section className={classes.section} aria-labelledby="asi-esta-hoy">
      <Title order={2} size="h3" id="asi-esta-hoy">
        Así está hoy
      </Title>
      <img
        src={today.photo.url}
        width={today.photo.width}
        height={today.photo.height}
        alt={`${dogName} en su nuevo hogar`}
        loading="lazy"
        style={{ maxWidth: '100%', height: 'auto', borderRadius: 12, marginTop: 8 }}
      />
      <Text size="sm" mt={4}>
        Foto del {formatInstant(today.at)}, enviada por su familia.
      </Text>
    </section>
  );
}
