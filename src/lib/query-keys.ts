// Query-key factories read or invalidated by more than one feature: every query and invalidation
// of dogs (the person's own, "Mis publicaciones", included) and of "Me interesa" requests goes
// through them.
import type { InterestBox } from '@/shared/interest';

export const dogKeys = {
  all: ['dogs'] as const,
  lists: () => [...dogKeys.all, 'list'] as const,
  /** A list's page size and the catalogue's filters (none: the carousel's list). */
  list: (params: { limit: number }) => [...dogKeys.lists(), params] as const,
  counts: () => [...dogKeys.all, 'count'] as const,
  /** The catalogue's filters. */
  count: (filters: object) => [...dogKeys.counts(), filters] as const,
  details: () => [...dogKeys.all, 'detail'] as const,
  detail: (id: number) => [...dogKeys.details(), id] as const,
  /** The logged-in person's own listings ("Mis publicaciones"). */
  mine: () => [...dogKeys.all, 'mine'] as const,
};

export const interestKeys = {
  all: ['interests'] as const,
  box: (box: InterestBox) => [...interestKeys.all, box] as const,
};

/** Organizations: the public list and pages, the person's own, members, invitations, unverified. */
export const orgKeys = {
  all: ['orgs'] as const,
  list: () => [...orgKeys.all, 'list'] as const,
  page: (slug: string) => [...orgKeys.all, 'page', slug] as const,
  mine: () => [...orgKeys.all, 'mine'] as const,
  members: (id: number) => [...orgKeys.all, 'members', id] as const,
  invitation: (token: string) => [...orgKeys.all, 'invitation', token] as const,
  waiting: () => [...orgKeys.all, 'waiting'] as const,
};
