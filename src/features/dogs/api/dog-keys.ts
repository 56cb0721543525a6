// Query-key factory of the dogs feature: every query and invalidation goes through it.
export type DogListParams = { limit: number };

export const dogKeys = {
  all: ['dogs'] as const,
  lists: () => [...dogKeys.all, 'list'] as const,
  list: (params: DogListParams) => [...dogKeys.lists(), params] as const,
  details: () => [...dogKeys.all, 'detail'] as const,
  detail: (id: number) => [...dogKeys.details(), id] as const,
};
