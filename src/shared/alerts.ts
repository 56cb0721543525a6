// Saved searches ("Avísame"): the catalogue's filters (the same validated ones as GET /api/dog,
// without the status: an alert is about dogs looking for a home) saved as an alert that e-mails
// its owner when a matching dog is published, re-opened or shown again.
import { z } from 'zod';
import { ALERT_FREQUENCIES } from './alert-words';
import { blankAsAbsent, dogFilterQuerySchema } from './dog';

export * from './alert-words';

/** The filters an alert saves: q, city, size, sex and age, validated as GET /api/dog does. */
export const alertFiltersSchema = z.preprocess(
  blankAsAbsent,
  dogFilterQuerySchema.omit({ status: true }),
);

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
