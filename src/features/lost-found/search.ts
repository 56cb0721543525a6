// /perdidos's filters as they live in the address (validated search params), checked by hand: route
// files load with every page and zod must stay out of that code. The API checks them again.
import type { DogSex, DogSize } from '@/shared/dog';
import type { LostFoundKind } from '@/shared/lost-found-labels';
import { isZoneId, type ZoneId } from '@/shared/zone-ids';

export type LostFoundSearch = {
  kind?: LostFoundKind;
  zone?: ZoneId;
  size?: DogSize;
  sex?: DogSex;
  q?: string;
};

const oneOf = <T extends string>(values: readonly T[], raw: unknown): T | undefined =>
  values.find((value) => value === raw);

export function validateLostFoundSearch(search: Record<string, unknown>): LostFoundSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 100) : '';
  const filters: LostFoundSearch = {
    kind: oneOf(['lost', 'found'] as const, search.kind),
    zone: isZoneId(search.zone) ? search.zone : undefined,
    size: oneOf(['small', 'medium', 'large'] as const, search.size),
    sex: oneOf(['male', 'female'] as const, search.sex),
    q: q === '' ? undefined : q,
  };
  // Absent keys rather than `undefined` ones: the query keys and the address stay canonical.
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as LostFoundSearch;
}
