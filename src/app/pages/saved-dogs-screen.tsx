// /guardados: the dogs the logged-in person saved with the heart, the last saved first, with their
// status (an adopted dog stays, shown as such). A card leads to the dog's page; the heart forgets
// the dog.
import { Anchor, Button, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CatalogCard } from '@/features/dogs/components/catalog-card';
import { Heart } from '@/features/favorites/components/heart';
import { useFavorites } from '@/features/favorites/api/favorites';
import grid from './dog-grid.module.css';
import classes from './saved-dogs.module.css';

export function SavedDogsScreen() {
  const favorites = useFavorites();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new page without a page load: screen readers announce its heading.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <main className={classes.page} id="contenido">
      <div className={classes.inner}>
        <Title order={1} className={classes.title} ref={headingRef} tabIndex={-1}>
          Guardados
        </Title>
        <Text mt="xs">Los perros que marcaste con el corazón, para volver a verlos con calma.</Text>
        {favorites.isError ? (
          <div className={classes.empty} role="alert">
            <Text fw={600}>No pudimos cargar tus perros guardados.</Text>
            <Text size="sm" mb="sm">
              {favorites.error.message}
            </Text>
            <Button onClick={() => void favorites.refetch()} loading={favorites.isFetching}>
              Reintentar
            </Button>
          </div>
        ) : favorites.data === undefined ? (
          <Text mt="lg" role="status">
            Cargando tus perros guardados...
          </Text>
        ) : favorites.data.length === 0 ? (
          <div className={classes.empty}>
            <Text fw={600}>Todavía no guardaste ningún perro.</Text>
            <Text size="sm">
              Toca el corazón de un perro para encontrarlo aquí.{' '}
              <Anchor component={Link} to="/" hash="adopt">
                Ver perros en adopción
              </Anchor>
            </Text>
          </div>
        ) : (
          <ul className={`${grid.grid} ${classes.grid}`} aria-label="Perros guardados">
            {favorites.data.map((dog) => (
              <li key={dog.id}>
                <CatalogCard dog={dog} favorite={<Heart dog={dog} placement="photo" />} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
