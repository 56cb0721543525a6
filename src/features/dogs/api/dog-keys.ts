// Query-key factory of the dogs feature: every query and invalidation goes through it.
import type { CatalogFilters } from '../catalog-search';

/** A list's page size and the catalogue's filters (none: the carousel's list). */
export type DogListParams = { limit: number } & CatalogFilters;

export const dogKeys = {
  all: ['dogs'] as const,
  lists: () => [...dogKeys.all, 'list'] as const,
  list: (params: DogListParams) => [...dogKeys.lists(), params] as const,
  counts: () => [...dogKeys.all, 'count'] as const,
  count: (filters: CatalogFilters) => [...dogKeys.counts(), filters] as const,
  details: () => [...dogKeys.all, 'detail'] as const,
  detail: (id: number) => [...dogKeys.details(), id] as const,
};
