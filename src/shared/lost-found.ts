// Lost and found contract ("Perdidos y encontrados"): reports of lost or found dogs, their
// likely matches and the contact through the site, shared by the API server, the pages and the
// tests. A report names a zone (shared/zones.ts), never an address.
import { z } from 'zod';
import { DOG_SEXES, DOG_SIZES } from './dog';
import {
  LOST_FOUND_COLORS,
  LOST_FOUND_CONTACT_MAX,
  LOST_FOUND_CONTACT_MIN,
  LOST_FOUND_DATE_MAX_AGE_DAYS,
  LOST_FOUND_DESCRIPTION_MAX,
  LOST_FOUND_KINDS,
  LOST_FOUND_NAME_MAX,
  LOST_FOUND_PAGE_MAX,
  LOST_FOUND_QUERY_MAX,
  LOST_FOUND_STATUSES,
  PHOTOS_PER_REPORT,
} from './lost-found-labels';
import { photoSchema } from './photo';
import { zoneIdSchema } from './zones';

export * from './lost-found-labels';

export const LOST_FOUND_MESSAGES = {
  notFound: 'El reporte no existe',
  notReporter: 'Solo quien publicó el reporte puede cambiarlo',
  ownReport: 'No puedes escribirte sobre tu propio reporte',
  notOpen: 'Este reporte ya está cerrado',
  futureDate: 'La fecha no puede ser posterior a hoy',
  oldDate: `La fecha no puede ser de hace más de ${LOST_FOUND_DATE_MAX_AGE_DAYS} días`,
  tooManyPhotos: `Un reporte puede tener como máximo ${PHOTOS_PER_REPORT} fotos`,
  photoInOtherReport: 'Una de las fotos ya está en otra publicación',
  nothingToChange: 'No hay nada que cambiar',
  alreadyReported: 'Ya reportaste esta publicación',
  ownListing: 'No puedes reportar tu propia publicación',
  alreadyHidden: 'La publicación ya está oculta',
  notHidden: 'La publicación no está oculta',
} as const;

const nameSchema = z
  .string({ error: 'El nombre debe ser texto' })
  .trim()
  .max(LOST_FOUND_NAME_MAX, {
    error: `El nombre no puede superar ${LOST_FOUND_NAME_MAX} caracteres`,
  });

const descriptionSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'La descripción es obligatoria' : 'La descripción debe ser texto',
  })
  .trim()
  .min(1, { error: 'La descripción es obligatoria' })
  .max(LOST_FOUND_DESCRIPTION_MAX, {
    error: `La descripción no puede superar ${LOST_FOUND_DESCRIPTION_MAX} caracteres`,
  });

/** A calendar date (America/Bogota) as YYYY-MM-DD that exists. */
export const calendarDateSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'La fecha es obligatoria' : 'La fecha debe ser texto',
  })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato AAAA-MM-DD' })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'La fecha no existe');

const colorsSchema = z
  .array(z.enum(LOST_FOUND_COLORS, { error: 'Elige los colores de la lista' }), {
    error: 'colors debe ser una lista de colores',
  })
  .min(1, { error: 'Elige al menos un color' })
  .max(LOST_FOUND_COLORS.length, { error: 'Elige los colores de la lista' })
  .transform((colors) => [...new Set(colors)]);

const reportPhotoIdsSchema = z
  .array(
    z
      .number({ error: 'Cada foto debe indicarse por su id numérico' })
      .int()
      .positive()
      .max(2_147_483_647),
    { error: 'photo_ids debe ser una lista de ids de fotos' },
  )
  .max(PHOTOS_PER_REPORT, { error: LOST_FOUND_MESSAGES.tooManyPhotos })
  .refine((ids) => new Set(ids).size === ids.length, {
    error: 'La misma foto aparece dos veces',
  });

const kindSchema = z.enum(LOST_FOUND_KINDS, {
  error: 'El tipo debe ser lost (perdido) o found (encontrado)',
});
const sexSchema = z
  .enum(DOG_SEXES, { error: 'El sexo debe ser male, female o null (no se sabe)' })
  .nullable();
const sizeSchema = z.enum(DOG_SIZES, {
  error: (issue) =>
    issue.input === undefined
      ? 'El tamaño es obligatorio'
      : 'El tamaño debe ser small, medium o large',
});

/** POST /api/lost-found. `sex` null: the finder could not tell. */
export const lostFoundInputSchema = z.object({
  kind: kindSchema,
  name: nameSchema.default(''),
  sex: sexSchema.default(null),
  size: sizeSchema,
  colors: colorsSchema,
  description: descriptionSchema,
  date: calendarDateSchema,
  zone: zoneIdSchema,
  photo_ids: reportPhotoIdsSchema.default([]),
});
export type LostFoundInput = z.infer<typeof lostFoundInputSchema>;

/**
 * PATCH /api/lost-found/:id: a status (reunited, closed), `renew: true` (60 more days), or any of
 * the fields. The kind never changes.
 */
export const lostFoundPatchSchema = z.object({
  status: z
    .enum(['reunited', 'closed'], { error: 'El estado debe ser reunited o closed' })
    .optional(),
  renew: z.literal(true, { error: 'renew solo puede ser true' }).optional(),
  name: nameSchema.optional(),
  sex: sexSchema.optional(),
  size: sizeSchema.optional(),
  colors: colorsSchema.optional(),
  description: descriptionSchema.optional(),
  date: calendarDateSchema.optional(),
  zone: zoneIdSchema.optional(),
  photo_ids: reportPhotoIdsSchema.optional(),
});
export type LostFoundPatch = z.infer<typeof lostFoundPatchSchema>;

export const lostFoundContactSchema = z.object({
  message: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'El mensaje es obligatorio' : 'El mensaje debe ser texto',
    })
    .trim()
    .min(LOST_FOUND_CONTACT_MIN, {
      error: `El mensaje debe tener al menos ${LOST_FOUND_CONTACT_MIN} caracteres`,
    })
    .max(LOST_FOUND_CONTACT_MAX, {
      error: `El mensaje no puede superar ${LOST_FOUND_CONTACT_MAX} caracteres`,
    }),
  /** Whether the reporter may see the sender's e-mail to reply. */
  share_email: z.boolean({ error: 'share_email debe ser true o false' }).default(false),
});
export type LostFoundContactInput = z.infer<typeof lostFoundContactSchema>;

export const lostFoundIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'El id del reporte no es válido' })
    .transform(Number),
});

const choiceParam = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `El parámetro ${name} debe ser uno de: ${values.join(', ')}` });

/** Blank strings count as absent filters (an empty form field). */
export const blankFiltersAsAbsent = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')),
      )
    : value;

/** The list's filters (kind, zone, size, sex, q) without the paging: what an alert saves too. */
export const lostFoundFilterQuerySchema = z.object({
  kind: choiceParam('kind', LOST_FOUND_KINDS).optional(),
  zone: zoneIdSchema.optional(),
  size: choiceParam('size', DOG_SIZES).optional(),
  sex: choiceParam('sex', DOG_SEXES).optional(),
  q: z
    .string({ error: 'El parámetro q debe ser texto' })
    .trim()
    .max(LOST_FOUND_QUERY_MAX, {
      error: `El parámetro q no puede superar ${LOST_FOUND_QUERY_MAX} caracteres`,
    })
    .optional(),
});

/** GET /api/lost-found: filters, newest first, pages by `before` (an id). Blank is absent. */
export const lostFoundListQuerySchema = z.preprocess(
  blankFiltersAsAbsent,
  lostFoundFilterQuerySchema.extend({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: 'El parámetro limit debe ser un número entero' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= LOST_FOUND_PAGE_MAX, {
        error: `El parámetro limit debe estar entre 1 y ${LOST_FOUND_PAGE_MAX}`,
      })
      .optional(),
    before: z
      .string()
      .regex(/^\d{1,15}$/, { error: 'El parámetro before debe ser un número entero' })
      .transform(Number)
      .optional(),
  }),
);
export type LostFoundFilters = z.infer<typeof lostFoundListQuerySchema>;

export const lostFoundReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LOST_FOUND_KINDS),
  name: z.string(),
  sex: z.enum(DOG_SEXES).nullable(),
  size: z.enum(DOG_SIZES),
  colors: z.array(z.enum(LOST_FOUND_COLORS)),
  description: z.string(),
  date: z.string(),
  zone: zoneIdSchema,
  zone_name: z.string(),
  photos: z.array(photoSchema),
  status: z.enum(LOST_FOUND_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
  /** Whether the requester published it (only then PATCH is offered). */
  mine: z.boolean(),
  /** Only the reporter of a report moderation hid sees it, with the reason. */
  hidden_reason: z.string().nullable().optional(),
});
export type LostFoundReport = z.infer<typeof lostFoundReportSchema>;

export const lostFoundReportResponseSchema = z.object({ report: lostFoundReportSchema });
export const lostFoundListSchema = z.array(lostFoundReportSchema);

export const lostFoundMatchSchema = lostFoundReportSchema.extend({
  score: z.number(),
  /** Why it may be the same dog, in order: "misma zona", "mismo color"… */
  reasons: z.array(z.string()),
  /** The reasons as one sentence: "misma zona, mismo color". */
  reason: z.string(),
});
export type LostFoundMatch = z.infer<typeof lostFoundMatchSchema>;
export const lostFoundMatchListSchema = z.array(lostFoundMatchSchema);

/** An open complaint about a report, for the admins. */
export const lostFoundFlagGroupSchema = z.object({
  report: z.object({
    id: z.number().int(),
    kind: z.enum(LOST_FOUND_KINDS),
    name: z.string(),
    zone_name: z.string(),
    hidden: z.boolean(),
  }),
  reporter: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  count: z.number().int(),
  flags: z.array(
    z.object({
      id: z.number().int(),
      reason: z.string(),
      details: z.string(),
      created_at: z.string(),
      by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    }),
  ),
});
export type LostFoundFlagGroup = z.infer<typeof lostFoundFlagGroupSchema>;
export const lostFoundFlagListSchema = z.array(lostFoundFlagGroupSchema);
