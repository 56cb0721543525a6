// A lost and found alert's filters in words, as /cuenta, the e-mails and /perdidos say them:
// "Perros perdidos en Cali – Comuna 3, pequeños". Apart from alert-words.ts because it needs the
// zone list, which the catalogue's page does not load.
import type { LostFoundAlertFilters } from './alert-words';
import type { DogSex, DogSize } from './dog';
import type { LostFoundKind } from './lost-found-labels';
import { zoneById } from './zone-list';

const KIND_PLURAL: Record<LostFoundKind, string> = {
  lost: 'Perros perdidos',
  found: 'Perros encontrados',
};
const SIZE_PLURAL: Record<DogSize, string> = {
  small: 'pequeños',
  medium: 'medianos',
  large: 'grandes',
};
const SEX_PLURAL: Record<DogSex, string> = { male: 'machos', female: 'hembras' };

export function describeLostFoundAlertFilters(filters: LostFoundAlertFilters): string {
  const head = [filters.kind ? KIND_PLURAL[filters.kind] : 'Perros perdidos o encontrados'];
  if (filters.zone) head.push(`en ${zoneById(filters.zone).name}`);
  const parts = [head.join(' ')];
  if (filters.size) parts.push(SIZE_PLURAL[filters.size]);
  if (filters.sex) parts.push(SEX_PLURAL[filters.sex]);
  if (filters.q?.trim()) parts.push(`que digan «${filters.q.trim()}»`);
  return parts.join(', ');
}
