// The catalogue's two reads for a set of filters: the first pages of dogs and how many match.
import type { CatalogFilters } from '../catalog-search';
import { dogCountQueryOptions } from './count-dogs';
import { DOG_PAGE_SIZE, dogsInfiniteQueryOptions } from './get-dogs';

export const catalogQueries = (filters: CatalogFilters) => ({
  list: dogsInfiniteQueryOptions({ limit: DOG_PAGE_SIZE, ...filters }),
  count: dogCountQueryOptions(filters),
});
