// How a dog's profile reads in Spanish: sex, size, status, age ("3 meses", "2 años") and how long
// ago it was published ("Publicado hace 3 días"). Plain functions: cards, the dog's page, the
// modal and the tags of shared pages all use them.
import type { Dog, DogSex, DogSize, DogStatus } from '@/shared/dog';

export const SEX_LABELS: Record<DogSex, string> = { male: 'Macho', female: 'Hembra' };
export const SIZE_LABELS: Record<DogSize, string> = {
  small: 'Pequeño',
  medium: 'Mediano',
  large: 'Grande',
};
export const STATUS_LABELS: Record<DogStatus, string> = {
  available: 'Disponible',
  pending: 'En proceso',
  adopted: '¡Adoptado!',
};
/** A dog's status as it reads for that dog: a female dog is "¡Adoptada!". */
export function statusLabel(status: DogStatus, sex?: DogSex | null): string {
  return status === 'adopted' && sex === 'female' ? '¡Adoptada!' : STATUS_LABELS[status];
}

/** "adoptado" or, for a female dog, "adoptada". */
export const adoptedWord = (sex?: DogSex | null) => (sex === 'female' ? 'adoptada' : 'adoptado');

/** Filled badge colours, each at least 4.9:1 against its white text (WCAG AA). */
export const STATUS_COLORS: Record<DogStatus, string> = {
  available: '#087f5b',
  pending: '#8f4a00',
  adopted: '#862e9c',
};

/** "3 meses", "1 mes", "1 año", "2 años" (whole years from 12 months on). */
export function formatAge(months: number): string {
  if (months < 12) return months === 1 ? '1 mes' : `${months} meses`;
  const years = Math.floor(months / 12);
  return years === 1 ? '1 año' : `${years} años`;
}

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "Publicado hace 3 días", "Publicado hoy"… from an ISO timestamp. */
export function formatPublished(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return `Publicado ${relative.format(-Math.floor(seconds / size), unit)}`;
  }
  return 'Publicado hace un momento';
}

/** A yes/no/unknown fact as a short Spanish answer. */
export const yesNo = (value: boolean | null | undefined) =>
  value === true ? 'Sí' : value === false ? 'No' : 'Sin dato';

/** The one-line summary of a card: "Hembra · Mediana · 2 años". */
export function profileSummary(dog: Dog): string {
  const parts: string[] = [];
  if (dog.sex) parts.push(SEX_LABELS[dog.sex]);
  if (dog.size) parts.push(SIZE_LABELS[dog.size]);
  if (dog.age_months !== null && dog.age_months !== undefined)
    parts.push(formatAge(dog.age_months));
  return parts.join(' · ');
}
