// Saved searches ("Avísame") without zod: the frequencies, the limits, the messages and how an
// alert's filters read in words. The catalogue's page uses them, and it loads no zod. An alert is
// about the catalogue's dogs (scope `dogs`) or about lost and found reports (`lost_found`; their
// words live in lost-found-alert-words.ts, which needs the zone list).
import type { DogAge, DogSex, DogSize } from './dog';
import type { LostFoundKind } from './lost-found-labels';
import type { ZoneId } from './zone-list';

export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_SCOPES = ['dogs', 'lost_found'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];
/** Alerts one person may keep, of both scopes together. */
export const ALERTS_MAX = 10;
/** The page an alert e-mail's unsubscribe link opens (the token follows as its fragment, `#…`). */
export const ALERT_UNSUBSCRIBE_PATH = '/alertas/cancelar';

export const ALERT_MESSAGES = {
  noFilters:
    'Elige al menos un filtro (búsqueda, ciudad, tamaño, sexo o edad) para crear la alerta',
  noLostFoundFilters:
    'Elige al menos un filtro (tipo, zona, tamaño, sexo o palabras) para crear la alerta',
  tooMany: `Ya tienes ${ALERTS_MAX} alertas, el máximo. Borra una para crear otra`,
  duplicate: 'Ya tienes una alerta con estos mismos filtros',
  notFound: 'La alerta no existe',
  tokenNotFound:
    'Este enlace ya no sirve: la alerta ya no existe, ya la cancelaste o el correo tiene más de un año. Usa el enlace de un correo más reciente, o pausa o borra tus alertas en Mi cuenta',
} as const;

export type AlertFilters = {
  q?: string;
  city?: string;
  size?: DogSize;
  sex?: DogSex;
  age?: DogAge;
};

/** The filters of a lost and found alert: GET /api/lost-found's, without the paging. */
export type LostFoundAlertFilters = {
  kind?: LostFoundKind;
  zone?: ZoneId;
  size?: DogSize;
  sex?: DogSex;
  q?: string;
};

/** What creating an alert sends: the catalogue's filters, or the lost and found list's. */
export type AlertCreateInput =
  | { scope?: 'dogs'; filters: AlertFilters; frequency: AlertFrequency }
  | { scope: 'lost_found'; filters: LostFoundAlertFilters; frequency: AlertFrequency };

const SIZE_PLURAL: Record<DogSize, string> = {
  small: 'Pequeños',
  medium: 'Medianos',
  large: 'Grandes',
};
const SEX_PLURAL: Record<DogSex, string> = { male: 'machos', female: 'hembras' };
const AGE_PLURAL: Record<DogAge, string> = {
  puppy: 'cachorros',
  young: 'jóvenes',
  adult: 'adultos',
  senior: 'mayores de 8 años',
};

/**
 * Whether a search text holds a word: searches go by letters and digits alone, so "¡¡!!" narrows
 * nothing.
 */
export function hasSearchWords(q: string | undefined): boolean {
  return q !== undefined && /[\p{L}\p{N}]/u.test(q);
}

/** Whether the filters narrow anything (an alert needs at least one). */
export function hasAlertFilters(filters: AlertFilters): boolean {
  return !!(
    hasSearchWords(filters.q) ||
    filters.city?.trim() ||
    filters.size ||
    filters.sex ||
    filters.age
  );
}

/** Whether a lost and found alert's filters narrow anything. */
export function hasLostFoundAlertFilters(filters: LostFoundAlertFilters): boolean {
  return !!(
    hasSearchWords(filters.q) ||
    filters.kind ||
    filters.zone ||
    filters.size ||
    filters.sex
  );
}

/**
 * An alert's filters in words, as /cuenta lists them: "Pequeños en Cali, cachorros",
 * "Perros, hembras, que digan «tranquila»".
 */
export function describeAlertFilters(filters: AlertFilters): string {
  const head = [filters.size ? SIZE_PLURAL[filters.size] : 'Perros'];
  if (filters.city?.trim()) head.push(`en ${filters.city.trim()}`);
  const parts = [head.join(' ')];
  if (filters.age) parts.push(AGE_PLURAL[filters.age]);
  if (filters.sex) parts.push(SEX_PLURAL[filters.sex]);
  if (filters.q && hasSearchWords(filters.q)) parts.push(`que digan «${filters.q.trim()}»`);
  return parts.join(', ');
}

/** "Al instante" or "Un resumen diario (8:00 a. m.)". */
export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Al instante',
  daily: 'Un resumen diario (8:00 a. m.)',
};
