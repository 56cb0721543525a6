// Saved searches ("Avísame"): the catalogue's filters (the same validated ones as GET /api/dog,
// without the status: an alert is about dogs looking for a home) saved as an alert that e-mails
// its owner when a matching dog is published, re-opened or shown again.
import { z } from 'zod';
import { blankAsAbsent, dogFilterQuerySchema, type DogAge, type DogSex, type DogSize } from './dog';

export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
/** Alerts one person may keep. */
export const ALERTS_MAX = 10;
/** The page an alert e-mail's unsubscribe link opens (followed by the token). */
export const ALERT_UNSUBSCRIBE_PATH = '/alertas/cancelar';

export const ALERT_MESSAGES = {
  noFilters:
    'Elige al menos un filtro (búsqueda, ciudad, tamaño, sexo o edad) para crear la alerta',
  tooMany: `Ya tienes ${ALERTS_MAX} alertas, el máximo. Borra una para crear otra`,
  duplicate: 'Ya tienes una alerta con estos mismos filtros',
  notFound: 'La alerta no existe',
  tokenNotFound: 'Este enlace ya no sirve: la alerta ya no existe o ya la cancelaste',
} as const;

/** The filters an alert saves: q, city, size, sex and age, validated as GET /api/dog does. */
export const alertFiltersSchema = z.preprocess(
  blankAsAbsent,
  dogFilterQuerySchema.omit({ status: true }),
);
export type AlertFilters = {
  q?: string;
  city?: string;
  size?: DogSize;
  sex?: DogSex;
  age?: DogAge;
};

export const alertInputSchema = z.object({
  filters: z.unknown().pipe(alertFiltersSchema),
  frequency: z.enum(ALERT_FREQUENCIES, {
    error: `La frecuencia debe ser una de: ${ALERT_FREQUENCIES.join(', ')}`,
  }),
});
export type AlertInput = z.infer<typeof alertInputSchema>;

export const alertPatchSchema = z.object({
  paused: z.boolean({ error: 'El campo paused debe ser true o false' }),
});

export const alertSchema = z.object({
  id: z.number().int().positive(),
  filters: z.object({
    q: z.string().optional(),
    city: z.string().optional(),
    size: z.enum(['small', 'medium', 'large']).optional(),
    sex: z.enum(['male', 'female']).optional(),
    age: z.enum(['puppy', 'young', 'adult', 'senior']).optional(),
  }),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  /** The filters in words: "Pequeños en Cali, cachorros". */
  description: z.string(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.array(alertSchema);
export const alertResponseSchema = z.object({ alert: alertSchema });

/** What an unsubscribe stopped: the alerts it deleted, to offer creating them again. */
export const alertUnsubscribeResponseSchema = z.object({
  stopped: z.array(alertSchema.pick({ filters: true, frequency: true, description: true })),
});
export type AlertUnsubscribeResponse = z.infer<typeof alertUnsubscribeResponseSchema>;

export const alertIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'El id de la alerta no es válido' })
    .transform(Number),
});
export const alertTokenParamSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'El enlace para cancelar la alerta no es válido' }),
});

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

/** Whether the filters narrow anything (an alert needs at least one). */
export function hasAlertFilters(filters: AlertFilters): boolean {
  return !!(
    filters.q?.trim() ||
    filters.city?.trim() ||
    filters.size ||
    filters.sex ||
    filters.age
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
  if (filters.q?.trim()) parts.push(`que digan «${filters.q.trim()}»`);
  return parts.join(', ');
}

/** "Al instante" or "Un resumen diario (8:00 a. m.)". */
export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Al instante',
  daily: 'Un resumen diario (8:00 a. m.)',
};
