// Kept apart from the shared dog schemas so a visitor's page loads no zod for it.
import type { Dog, DogOwner } from '@/shared/dog';

/** The owner's contact when the dog carries a real one (not the empty one visitors get). */
export function ownerContactOf(dog: Pick<Dog, 'user'>): DogOwner | undefined {
  return dog.user?.email ? dog.user : undefined;
}
