// Lost and found's fixed lists, labels, limits and wording helpers, without zod: the pages import
// these (the request and response schemas are in lost-found.ts).
import { formatDay } from './spanish-date';
import type { DogSex } from './dog';

export const LOST_FOUND_KINDS = ['lost', 'found'] as const;
export type LostFoundKind = (typeof LOST_FOUND_KINDS)[number];
export const LOST_FOUND_KIND_LABELS: Record<LostFoundKind, string> = {
  lost: 'Perdido',
  found: 'Encontrado',
};

/** The fixed list of colours, in the order the form offers them. */
export const LOST_FOUND_COLORS = [
  'negro',
  'blanco',
  'cafe',
  'gris',
  'crema',
  'dorado',
  'rojizo',
  'atigrado',
  'manchado',
] as const;
export type LostFoundColor = (typeof LOST_FOUND_COLORS)[number];
export const LOST_FOUND_COLOR_LABELS: Record<LostFoundColor, string> = {
  negro: 'Negro',
  blanco: 'Blanco',
  cafe: 'Café',
  gris: 'Gris',
  crema: 'Crema',
  dorado: 'Dorado',
  rojizo: 'Rojizo',
  atigrado: 'Atigrado',
  manchado: 'Manchado',
};

export const LOST_FOUND_SEX_LABELS = { male: 'Macho', female: 'Hembra' } as const;
export const LOST_FOUND_SIZE_LABELS = {
  small: 'Pequeño',
  medium: 'Mediano',
  large: 'Grande',
} as const;

/** What the reporter decided, or `expired` (open, and past its 60 days without a renewal). */
export const LOST_FOUND_STATUSES = ['open', 'reunited', 'closed', 'expired'] as const;
export type LostFoundStatus = (typeof LOST_FOUND_STATUSES)[number];
export const LOST_FOUND_STATUS_LABELS: Record<LostFoundStatus, string> = {
  open: 'Abierto',
  reunited: '¡Reencontrado!',
  closed: 'Cerrado',
  expired: 'Vencido',
};

/** A report stays open this long after it is published or renewed. */
export const LOST_FOUND_TTL_DAYS = 60;
/** The reporter is offered a renewal this long before the report expires. */
export const LOST_FOUND_RENEW_NOTICE_DAYS = 7;
/** Photos one report can have; the first one is the cover. */
export const PHOTOS_PER_REPORT = 4;
export const LOST_FOUND_NAME_MAX = 60;
export const LOST_FOUND_DESCRIPTION_MAX = 1000;
export const LOST_FOUND_CONTACT_MIN = 10;
export const LOST_FOUND_CONTACT_MAX = 1000;
/** How far back a date may be: a report is about a dog lost or found this year. */
export const LOST_FOUND_DATE_MAX_AGE_DAYS = 365;
export const LOST_FOUND_PAGE_DEFAULT = 24;
export const LOST_FOUND_PAGE_MAX = 100;
export const LOST_FOUND_QUERY_MAX = 100;
/** Matches listed per report. */
export const LOST_FOUND_MATCHES_MAX = 10;
/** A found dog is a match for a lost one found from this many days before it was lost… */
export const MATCH_DAYS_BEFORE = 3;
/** …up to this many days after. */
export const MATCH_DAYS_AFTER = 60;

/** How a report is named in titles and e-mails: "Luna, perdida en Cali – Comuna 17". */
export function lostFoundHeadline(report: {
  kind: LostFoundKind;
  name: string;
  sex: DogSex | null;
  zone_name: string;
}): string {
  const female = report.sex === 'female';
  const what =
    report.kind === 'lost'
      ? female
        ? 'perdida'
        : 'perdido'
      : female
        ? 'encontrada'
        : 'encontrado';
  const who = report.name || (female ? 'Perrita' : 'Perro');
  return `${who}, ${what} en ${report.zone_name}`;
}

/** "2026-11-20" → "20 de noviembre de 2026". */
export const formatCalendarDate = formatDay;

/** Today's calendar date in America/Bogota (UTC−5 all year, no daylight saving time). */
export function bogotaToday(now: Date): string {
  return new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
