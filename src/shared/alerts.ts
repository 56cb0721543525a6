// Saved searches ("Avísame"): the catalogue's filters (the same validated ones as GET /api/dog,
// without the status: an alert is about dogs looking for a home), or the lost and found list's
// (the same as GET /api/lost-found, without the paging), saved as an alert that e-mails its owner
// when a matching dog or report is published, re-opened or shown again.
import { z } from 'zod';
import {
  ALERT_FREQUENCIES,
  ALERT_SCOPES,
  hasSearchWords,
  type AlertFilters,
  type AlertFrequency,
  type LostFoundAlertFilters,
} from './alert-words';
import { blankAsAbsent, dogFilterQuerySchema } from './dog';
import { blankFiltersAsAbsent, LOST_FOUND_KINDS, lostFoundFilterQuerySchema } from './lost-found';
import { zoneIdSchema } from './zones';

export * from './alert-words';

/** The filters a dog alert saves: q, city, size, sex and age, validated as GET /api/dog does. */
export const alertFiltersSchema = z.preprocess(
  blankAsAbsent,
  dogFilterQuerySchema.omit({ status: true }),
);

/** A lost and found alert's: kind, zone, size, sex and q, validated as GET /api/lost-found does. */
export const lostFoundAlertFiltersSchema = z.preprocess(
  blankFiltersAsAbsent,
  lostFoundFilterQuerySchema,
);

export type ScopedAlertInput =
  | { scope: 'dogs'; filters: AlertFilters; frequency: AlertFrequency }
  | { scope: 'lost_found'; filters: LostFoundAlertFilters; frequency: AlertFrequency };

/** POST /api/me/alerts. Without a scope, an alert is about the catalogue's dogs. */
export const alertInputSchema = z
  .object({
    scope: z
      .enum(ALERT_SCOPES, { error: `El campo scope debe ser uno de: ${ALERT_SCOPES.join(', ')}` })
      .default('dogs'),
    filters: z.unknown().optional(),
    frequency: z.enum(ALERT_FREQUENCIES, {
      error: `La frecuencia debe ser una de: ${ALERT_FREQUENCIES.join(', ')}`,
    }),
  })
  .transform((input, ctx): ScopedAlertInput => {
    if (
      typeof input.filters !== 'object' ||
      input.filters === null ||
      Array.isArray(input.filters)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'El campo filters debe ser un objeto con los filtros de la búsqueda',
        path: ['filters'],
      });
      return z.NEVER;
    }
    const schema = input.scope === 'lost_found' ? lostFoundAlertFiltersSchema : alertFiltersSchema;
    const parsed = schema.safeParse(input.filters);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['filters', ...issue.path] });
      return z.NEVER;
    }
    // Text without a letter or digit searches for nothing: not kept as a filter.
    const filters = { ...parsed.data };
    if (!hasSearchWords(filters.q)) delete filters.q;
    return input.scope === 'lost_found'
      ? {
          scope: 'lost_found',
          filters: filters as LostFoundAlertFilters,
          frequency: input.frequency,
        }
      : { scope: 'dogs', filters: filters as AlertFilters, frequency: input.frequency };
  });
export type AlertInput = z.infer<typeof alertInputSchema>;

export const alertPatchSchema = z.object({
  paused: z.boolean({ error: 'El campo paused debe ser true o false' }),
});

export const alertSchema = z.object({
  id: z.number().int().positive(),
  /** dogs: the catalogue's dogs; lost_found: lost and found reports. */
  scope: z.enum(ALERT_SCOPES),
  /** The catalogue's filters (q, city, size, sex, age) or the lost and found list's (kind, zone, size, sex, q). */
  filters: z.object({
    q: z.string().optional(),
    city: z.string().optional(),
    size: z.enum(['small', 'medium', 'large']).optional(),
    sex: z.enum(['male', 'female']).optional(),
    age: z.enum(['puppy', 'young', 'adult', 'senior']).optional(),
    kind: z.enum(LOST_FOUND_KINDS).optional(),
    zone: zoneIdSchema.optional(),
  }),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean(),
  /** The filters in words: "Pequeños en Cali, cachorros", "Perros perdidos en Cali – Comuna 3". */
  description: z.string(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.array(alertSchema);
export const alertResponseSchema = z.object({ alert: alertSchema });

/** What an unsubscribe stopped: the alerts it deleted, to offer creating them again. */
export const alertUnsubscribeResponseSchema = z.object({
  stopped: z.array(
    alertSchema.pick({ scope: true, filters: true, frequency: true, description: true }),
  ),
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
