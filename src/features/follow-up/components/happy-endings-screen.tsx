// /finales-felices: the dogs whose families agreed to show how they are today, the latest
// check-in photo of each, newest first. Public and shareable; nobody's name or contact.
import { Anchor, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useHappyEndings } from '../api/follow-up';
import { formatInstant } from './parts';
import classes from './follow-up.module.css';

export function HappyEndingsScreen() {
  const stories = useHappyEndings();
  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title}>
          Finales felices
        </Title>
        <Text mt="xs">
          Perros que encontraron hogar en Happy Dog, tal como están hoy: las fotos las envían sus
          familias en el seguimiento de la adopción.
        </Text>
        {stories.isError ? (
          <Text role="alert" mt="md">
            No pudimos cargar las historias: {stories.error.message}
          </Text>
        ) : !stories.data ? (
          <Text role="status" mt="md">
            Cargando las historias...
          </Text>
        ) : stories.data.length === 0 ? (
          <Text mt="md">
            Pronto verás aquí las primeras historias.{' '}
            <Anchor component={Link} to="/perros">
              Conoce a los perros que esperan un hogar
            </Anchor>
            .
          </Text>
        ) : (
          <ul className={classes.stories} aria-label="Finales felices">
            {stories.data.map((story, index) => (
              <li key={story.photo.id} className={classes.story}>
                <img
                  src={story.photo.url}
                  width={story.photo.width}
                  height={story.photo.height}
                  alt={`${story.dog.name} en su nuevo hogar`}
                  loading={index < 3 ? 'eager' : 'lazy'}
                />
                <Title order={2} size="h4" mt="xs">
                  {story.dog.name}
                </Title>
                <Text size="sm">
                  Adoptado el {formatInstant(story.adopted_at)}. Foto del {formatInstant(story.at)}.
                </Text>
              </li>
            ))}
          </ul>
        )}
        <Text mt="xl">
          <Anchor component={Link} to="/perros">
            Ver perros en adopción
          </Anchor>
        </Text>
      </div>
    </main>
  );
}
