// The zone ids alone (zone-list.ts has the names, hints and borders): what a page's address may
// name, checked in code every page loads, which must stay small.

/** Every zone id, in display order: the 22 comunas, Cali's rural area, then the municipalities. */
export const ZONE_IDS = [
  'cali-comuna-1',
  'cali-comuna-2',
  'cali-comuna-3',
  'cali-comuna-4',
  'cali-comuna-5',
  'cali-comuna-6',
  'cali-comuna-7',
  'cali-comuna-8',
  'cali-comuna-9',
  'cali-comuna-10',
  'cali-comuna-11',
  'cali-comuna-12',
  'cali-comuna-13',
  'cali-comuna-14',
  'cali-comuna-15',
  'cali-comuna-16',
  'cali-comuna-17',
  'cali-comuna-18',
  'cali-comuna-19',
  'cali-comuna-20',
  'cali-comuna-21',
  'cali-comuna-22',
  'cali-rural',
  'jamundi',
  'yumbo',
  'palmira',
  'candelaria',
  'dagua',
  'la-cumbre',
  'vijes',
] as const;
export type ZoneId = (typeof ZONE_IDS)[number];

export function isZoneId(value: unknown): value is ZoneId {
  return typeof value === 'string' && (ZONE_IDS as readonly string[]).includes(value);
}
