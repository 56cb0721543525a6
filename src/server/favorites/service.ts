// "Guardados": the dogs a logged-in person marked with a heart. Saved dogs are read with the
// dogs' own queries (hidden listings are left out as everywhere), past the list cache: each list
// is one person's.
import type { Dog } from '../../shared/dog';
import type { DogRepository } from '../dogs/repository';

export function createFavoriteService(dogs: DogRepository) {
  return {
    /** The dogs a person saved, most recently saved first. */
    list(userId: number): Promise<Dog[]> {
      return dogs.listFavorites(userId);
    },

    /** Saves a dog for a person (again: no change); false when the dog does not exist. */
    add(userId: number, dogId: number): Promise<boolean> {
      return dogs.addFavorite(userId, dogId);
    },

    /** Forgets a saved dog (nothing happens when it was not saved). */
    remove(userId: number, dogId: number): Promise<void> {
      return dogs.removeFavorite(userId, dogId);
    },
  };
}

export type FavoriteService = ReturnType<typeof createFavoriteService>;
