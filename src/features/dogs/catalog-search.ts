// The catalogue's filters as they live in /perros's address (validated search params), so a
// filtered list can be shared and Back restores it. Checked by hand rather than with the shared
// zod schema: route files load with every page, and zod must stay out of that code. The server
// checks the same values again (GET /api/dog answers 400 to anything else).
import type { DogAge, DogSex, DogSize, DogStatusFilter } from '@/shared/dog';

export type CatalogFilters = {
  q?: string;
  city?: string;
  size?: DogSize;
  sex?: DogSex;
  age?: DogAge;
  status?: DogStatusFilter;
};

const SIZES: readonly DogSize[] = ['small', 'medium', 'large'];
const SEXES: readonly DogSex[] = ['male', 'female'];
const AGES: readonly DogAge[] = ['puppy', 'young', 'adult', 'senior'];
const STATUSES: readonly DogStatusFilter[] = ['available', 'pending', 'adopted', 'all'];

/** Same limits as the API's (src/shared/dog.ts). */
const MAX_Q = 100;
const MAX_CITY = 60;

const oneOf = <T extends string>(values: readonly T[], raw: unknown): T | undefined =>
  values.find((value) => value === raw);

const text = (raw: unknown, max: number): string | undefined => {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const value = String(raw).trim().slice(0, max);
  return value === '' ? undefined : value;
};

/** The route's `validateSearch`: keeps the valid filters of an address, drops anything else. */
export function validateCatalogSearch(search: Record<string, unknown>): CatalogFilters {
  const filters: CatalogFilters = {
    q: text(search.q, MAX_Q),
    city: text(search.city, MAX_CITY),
    size: oneOf(SIZES, search.size),
    sex: oneOf(SEXES, search.sex),
    age: oneOf(AGES, search.age),
    status: oneOf(STATUSES, search.status),
  };
  // Absent keys rather than `undefined` ones: the query keys and the address stay canonical.
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as CatalogFilters;
}

export const hasCatalogFilters = (filters: CatalogFilters) => Object.keys(filters).length > 0;
