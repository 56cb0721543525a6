// Dog listing contract shared by the API server, the forms and the MSW handlers.
import { z } from 'zod';
import { photoIdsSchema, photoSchema } from './photo';

/** A trimmed text field; `label` is the Spanish noun with its article, e.g. 'La ciudad'. */
const trimmed = (label: string, gender: 'm' | 'f', min: number, max: number) => {
  const required = `${label} es ${gender === 'f' ? 'obligatoria' : 'obligatorio'}`;
  const base = z
    .string({
      error: (issue) => (issue.input === undefined ? required : `${label} debe ser texto`),
    })
    .trim();
  const tooLong = `${label} no puede superar ${max} caracteres`;
  return min > 0
    ? base.min(min, { error: required }).max(max, { error: tooLong })
    : base.max(max, { error: tooLong });
};

/** The URL of an uploaded photo's file, as `image` shows a dog's cover. */
export const MEDIA_URL_PATTERN = /^\/media\/[0-9a-f]{64}\.(avif|webp|jpg)$/;

/**
 * Empty, or an http(s) URL of at most 2048 characters. The cover photo's own URL (which `image`
 * shows when the dog has photos) is accepted too, so a client that sends back the dog it read
 * keeps working; the server then leaves the typed URL as it was.
 */
export const dogImageSchema = z
  .string({ error: 'La imagen debe ser texto' })
  .trim()
  .max(2048, { error: 'La imagen no puede superar 2048 caracteres' })
  .refine(
    (value) =>
      value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value) || MEDIA_URL_PATTERN.test(value),
    { error: 'La imagen debe ser una URL que empiece por http:// o https://' },
  );

export const DOG_SEXES = ['male', 'female'] as const;
export const DOG_SIZES = ['small', 'medium', 'large'] as const;
export const DOG_STATUSES = ['available', 'pending', 'adopted'] as const;
export const DOG_AGES = ['puppy', 'young', 'adult', 'senior'] as const;
export type DogSex = (typeof DOG_SEXES)[number];
export type DogSize = (typeof DOG_SIZES)[number];
export type DogStatus = (typeof DOG_STATUSES)[number];
export type DogAge = (typeof DOG_AGES)[number];
export const DOG_AGE_MONTHS_MAX = 300;

/** One of `values` (or null: not said); `label` names the field in Spanish. */
const nullableChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} debe ser uno de: ${values.join(', ')}` }).nullable();
const nullableFlag = (label: string) =>
  z.boolean({ error: `${label} debe ser true, false o null` }).nullable();

/**
 * The profile fields (DESIGN.md, "Dog profile"). Each is optional: on POST an absent field is
 * null (status: available); on PUT an absent field keeps its value, so a client that only knows
 * the seed's fields never erases them.
 */
export const dogProfileInputSchema = z.object({
  sex: nullableChoice(DOG_SEXES, 'El sexo').optional(),
  size: nullableChoice(DOG_SIZES, 'El tamaño').optional(),
  age_months: z
    .number({ error: 'La edad debe ser un número entero de meses' })
    .int({ error: 'La edad debe ser un número entero de meses' })
    .min(0, { error: 'La edad no puede ser negativa' })
    .max(DOG_AGE_MONTHS_MAX, { error: `La edad no puede superar ${DOG_AGE_MONTHS_MAX} meses` })
    .nullable()
    .optional(),
  sterilized: nullableFlag('Esterilizado').optional(),
  vaccinated: nullableFlag('Vacunado').optional(),
  good_with_kids: nullableFlag('Convive con niños').optional(),
  good_with_dogs: nullableFlag('Convive con perros').optional(),
  good_with_cats: nullableFlag('Convive con gatos').optional(),
  status: z
    .enum(DOG_STATUSES, { error: `El estado debe ser uno de: ${DOG_STATUSES.join(', ')}` })
    .optional(),
});
export type DogProfileInput = z.infer<typeof dogProfileInputSchema>;
export const DOG_PROFILE_FIELDS = Object.keys(
  dogProfileInputSchema.shape,
) as (keyof DogProfileInput)[];

/** What a client may send to create or update a dog. Unknown fields (id, hostage_id…) are dropped. */
export const dogInputSchema = z.object({
  ...dogProfileInputSchema.shape,
  name: trimmed('El nombre', 'm', 1, 60),
  city: trimmed('La ciudad', 'f', 1, 60),
  height: trimmed('La altura', 'f', 0, 40).default(''),
  weight: trimmed('El peso', 'm', 0, 40).default(''),
  life_span: trimmed('La esperanza de vida', 'f', 0, 40).default(''),
  personality: trimmed('La personalidad', 'f', 0, 1000).default(''),
  image: dogImageSchema.default(''),
  /** Uploaded photos in order (the first is the cover); absent on PUT keeps the current ones. */
  photo_ids: photoIdsSchema.optional(),
  /**
   * The organization that publishes the dog (one the person belongs to), or null for none;
   * absent on PUT keeps the current one.
   */
  org_id: z
    .number({ error: 'La organización no es válida' })
    .int({ error: 'La organización no es válida' })
    .positive({ error: 'La organización no es válida' })
    .nullable()
    .optional(),
});
export type DogInput = z.infer<typeof dogInputSchema>;
/** Form values before parsing (every field present as a string). */
export type DogFormValues = z.input<typeof dogInputSchema>;

/** The owner's contact; `phone` (E.164) only when the owner gave one. */
export const dogOwnerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
});
export type DogOwner = z.infer<typeof dogOwnerSchema>;

/** The organization shown on a dog's card and page. */
export const dogOrgSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  verified: z.boolean(),
});
export type DogOrg = z.infer<typeof dogOrgSchema>;

export const dogSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  height: z.string(),
  weight: z.string(),
  city: z.string(),
  image: z.string(),
  personality: z.string(),
  life_span: z.string(),
  hostage_id: z.number().int(),
  /**
   * Owner contact. The public reads (list and single dog) always send it: the owner's for a
   * logged-in requester, an empty one ({name: '', email: ''}) for anyone else.
   */
  user: dogOwnerSchema.optional(),
  /** The URL the owner typed (`image` shows the cover photo instead when there are photos). */
  image_url: z.string().optional(),
  /** Uploaded photos in order; the first is the cover. */
  photos: z.array(photoSchema).optional(),
  // The profile (null: not said). Optional in the type: the server always sends them, clients and
  // fixtures written for the seed's shape need not.
  sex: z.enum(DOG_SEXES).nullable().optional(),
  size: z.enum(DOG_SIZES).nullable().optional(),
  age_months: z.number().int().nullable().optional(),
  sterilized: z.boolean().nullable().optional(),
  vaccinated: z.boolean().nullable().optional(),
  good_with_kids: z.boolean().nullable().optional(),
  good_with_dogs: z.boolean().nullable().optional(),
  good_with_cats: z.boolean().nullable().optional(),
  status: z.enum(DOG_STATUSES).optional(),
  /** ISO 8601 timestamps (UTC). */
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  /** True on the demo data's example dogs: shown as such, closed to requests. */
  demo: z.boolean().optional(),
  /** Only in the owner's own view of a listing moderation hid: why it was hidden. */
  hidden_reason: z.string().optional(),
  /** The organization that publishes the dog, or null when a person publishes it alone. */
  org: dogOrgSchema.nullable().optional(),
});
export type Dog = z.infer<typeof dogSchema>;

export const DOG_PAGE_DEFAULT = 24;
export const DOG_PAGE_MAX = 100;

const positiveIntString = (label: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, { error: `El parámetro ${label} debe ser un número entero positivo` })
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), {
      error:
        max === undefined
          ? `El parámetro ${label} debe ser un número entero positivo`
          : `El parámetro ${label} debe estar entre 1 y ${max}`,
    });

export const DOG_QUERY_MAX = 100;
export const DOG_STATUS_FILTERS = [...DOG_STATUSES, 'all'] as const;
export type DogStatusFilter = (typeof DOG_STATUS_FILTERS)[number];

const choiceParam = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, {
    error: `El parámetro ${name} debe ser uno de: ${values.join(', ')}`,
  });

/**
 * The catalogue's filters (GET /api/dog and /api/dog/count). Without any, the list is the seed's
 * (every dog but the adopted ones). Empty values count as absent, as a form sends them.
 */
export const dogFilterQuerySchema = z.object({
  q: z
    .string({ error: 'El parámetro q debe ser texto' })
    .trim()
    .max(DOG_QUERY_MAX, { error: `El parámetro q no puede superar ${DOG_QUERY_MAX} caracteres` })
    .optional(),
  city: z
    .string({ error: 'El parámetro city debe ser texto' })
    .trim()
    .max(60, { error: 'El parámetro city no puede superar 60 caracteres' })
    .optional(),
  size: choiceParam('size', DOG_SIZES).optional(),
  sex: choiceParam('sex', DOG_SEXES).optional(),
  age: choiceParam('age', DOG_AGES).optional(),
  status: choiceParam('status', DOG_STATUS_FILTERS).optional(),
});

const FILTER_PARAMS = new Set(Object.keys(dogFilterQuerySchema.shape));
/** A form's query string sends `size=` for "any": a blank filter is treated as absent. */
export const blankAsAbsent = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter(
          ([k, v]) => !(FILTER_PARAMS.has(k) && typeof v === 'string' && v.trim() === ''),
        ),
      )
    : value;

export const dogCountQuerySchema = z.preprocess(blankAsAbsent, dogFilterQuerySchema);

/** GET /api/dog query string: the filters, and keyset pagination, newest first. */
export const dogListQuerySchema = z.preprocess(
  blankAsAbsent,
  dogFilterQuerySchema.extend({
    limit: positiveIntString('limit', DOG_PAGE_MAX).optional(),
    before: positiveIntString('before').optional(),
  }),
);
export type DogFilters = {
  q?: string;
  city?: string;
  size?: DogSize;
  sex?: DogSex;
  age?: DogAge;
  status?: DogStatusFilter;
};
export type DogListQuery = DogFilters & { limit?: number; before?: number };

/**
 * How far GET /api/dog/count counts: past it the answer is "more than DOG_COUNT_CAP" (`more`),
 * so a common search word never makes the server check every dog's text.
 */
export const DOG_COUNT_CAP = 1000;
/** `count` is exact when `more` is false; otherwise there are more than `count` (the cap). */
export const dogCountResponseSchema = z.object({
  count: z.number().int().nonnegative(),
  more: z.boolean(),
});
export type DogCount = z.infer<typeof dogCountResponseSchema>;

export const dogIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'El id del perro no es válido' })
    .transform(Number),
});

export const dogListResponseSchema = z.array(dogSchema);

/** A dog as the public reads send it: `user` always there (empty for anonymous requesters). */
export const publicDogSchema = dogSchema.extend({
  user: dogOwnerSchema.describe(
    'El contacto del dueño si quien pide tiene sesión; si no, vacío: {"name": "", "email": ""}',
  ),
});
export const publicDogListResponseSchema = z.array(publicDogSchema);
export const dogResponseSchema = z.object({ dog: dogSchema });

/** A form's choice: '' is "not said" (null). */
const formChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.literal(''), z.enum(values)], { error: `${label} no es válido` })
    .transform((value) => (value === '' ? null : (value as T[number])));
/** A form's yes / no / not said. */
const formFlag = (label: string) =>
  z
    .enum(['', 'yes', 'no'], { error: `${label} no es válido` })
    .transform((value) => (value === '' ? null : value === 'yes'));
const formNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, { error: message });

/**
 * The dog form's values (every field a string, as inputs hold them; the age as years and months)
 * turned into what POST/PUT /api/dog take. Used by the form's validation and on submit.
 */
export const dogFormSchema = dogInputSchema
  .omit({ photo_ids: true, age_months: true })
  .extend({
    sex: formChoice(DOG_SEXES, 'El sexo'),
    size: formChoice(DOG_SIZES, 'El tamaño'),
    status: z.enum(DOG_STATUSES, { error: 'El estado no es válido' }),
    sterilized: formFlag('Esterilizado'),
    vaccinated: formFlag('Vacunado'),
    good_with_kids: formFlag('Convive con niños'),
    good_with_dogs: formFlag('Convive con perros'),
    good_with_cats: formFlag('Convive con gatos'),
    age_years: formNumber('Los años deben ser un número entero'),
    age_extra_months: formNumber('Los meses deben ser un número entero').refine(
      (value) => value === '' || Number(value) <= 11,
      { error: 'Los meses deben estar entre 0 y 11' },
    ),
    /** The organization that publishes it, as its select holds it: '' is "only me". */
    org_id: z
      .string({ error: 'La organización no es válida' })
      .regex(/^(\d{1,9})?$/, { error: 'La organización no es válida' })
      .transform((value) => (value === '' ? null : Number(value))),
  })
  .transform(({ age_years, age_extra_months, ...rest }, ctx) => {
    const age =
      age_years === '' && age_extra_months === ''
        ? null
        : Number(age_years || 0) * 12 + Number(age_extra_months || 0);
    if (age !== null && age > DOG_AGE_MONTHS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['age_years'],
        message: `La edad no puede superar ${DOG_AGE_MONTHS_MAX / 12} años`,
      });
      return z.NEVER;
    }
    return { ...rest, age_months: age };
  });
export type DogFormInput = z.input<typeof dogFormSchema>;
