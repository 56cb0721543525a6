// Dog listing contract shared by the API server, the forms and the MSW handlers.
import { z } from 'zod';

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

/** Empty, or an http(s) URL of at most 2048 characters. */
export const dogImageSchema = z
  .string({ error: 'La imagen debe ser texto' })
  .trim()
  .max(2048, { error: 'La imagen no puede superar 2048 caracteres' })
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    error: 'La imagen debe ser una URL que empiece por http:// o https://',
  });

/** What a client may send to create or update a dog. Unknown fields (id, hostage_id…) are dropped. */
export const dogInputSchema = z.object({
  name: trimmed('El nombre', 'm', 1, 60),
  city: trimmed('La ciudad', 'f', 1, 60),
  height: trimmed('La altura', 'f', 0, 40).default(''),
  weight: trimmed('El peso', 'm', 0, 40).default(''),
  life_span: trimmed('La esperanza de vida', 'f', 0, 40).default(''),
  personality: trimmed('La personalidad', 'f', 0, 1000).default(''),
  image: dogImageSchema.default(''),
});
export type DogInput = z.infer<typeof dogInputSchema>;
/** Form values before parsing (every field present as a string). */
export type DogFormValues = z.input<typeof dogInputSchema>;

export const dogOwnerSchema = z.object({ name: z.string(), email: z.string() });
export type DogOwner = z.infer<typeof dogOwnerSchema>;

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
  /** Owner contact: present only when the requester is logged in. */
  user: dogOwnerSchema.optional(),
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

/** GET /api/dog query string: keyset pagination, newest first. */
export const dogListQuerySchema = z.object({
  limit: positiveIntString('limit', DOG_PAGE_MAX).optional(),
  before: positiveIntString('before').optional(),
});
export type DogListQuery = { limit?: number; before?: number };

export const dogIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'El id del perro no es válido' })
    .transform(Number),
});

export const dogListResponseSchema = z.array(dogSchema);
export const dogResponseSchema = z.object({ dog: dogSchema });
