// "Me interesa" contract: a logged-in visitor's request about a dog, the owner's answer state, and
// the owner's own listings ("Mis publicaciones"), shared by the API server, the screens and the
// MSW handlers.
import { z } from 'zod';
import { mobilePhoneSchema, PHONE_INVALID } from './account';
import { adopterProfileSchema } from './adopter-profile';
import {
  INTEREST_MESSAGE_MAX,
  INTEREST_MESSAGE_MIN,
  INTEREST_STATE_INPUTS,
  INTEREST_STATES,
  resolveInterestState,
} from './interest-states';

export * from './interest-states';

export const INTEREST_MESSAGES = {
  ownDog: 'No puedes enviar una solicitud por tu propio perro',
  alreadyOpen: 'Ya enviaste una solicitud por este perro: espera la respuesta de quien lo publicó',
  adopted: 'Este perro ya fue adoptado y no recibe más solicitudes',
  adoptedFemale: 'Esta perrita ya fue adoptada y no recibe más solicitudes',
  demo: 'Este perro es un ejemplo de la demostración: no recibe solicitudes',
  notFound: 'La solicitud no existe',
  notDogOwner: 'Solo quien publicó el perro puede responder esta solicitud',
  reopenTaken:
    'Quien envió esta solicitud ya tiene otra abierta por este perro: cambia el estado de esa',
} as const;

export const INTEREST_NOTE_MAX = 500;

/** POST /api/dog/:id/interest. A phone of "" or null is no phone. */
export const interestInputSchema = z.object({
  message: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'El mensaje es obligatorio' : 'El mensaje debe ser texto',
    })
    .trim()
    .min(INTEREST_MESSAGE_MIN, {
      error: `El mensaje debe tener al menos ${INTEREST_MESSAGE_MIN} caracteres`,
    })
    .max(INTEREST_MESSAGE_MAX, {
      error: `El mensaje no puede superar ${INTEREST_MESSAGE_MAX} caracteres`,
    }),
  phone: z
    .union([z.null(), z.literal(''), mobilePhoneSchema], { error: PHONE_INVALID })
    .transform((v) => (v === '' ? null : v))
    .optional(),
});
export type InterestInput = z.infer<typeof interestInputSchema>;
export type InterestFormValues = { message: string; phone: string };

export const INTEREST_STATE_INVALID =
  'El estado no es válido: usa reviewing (en revisión), interview (entrevista o visita), approved (aprobada), declined (no seleccionada) o withdrawn (retirada)';

/** PATCH /api/interest/:id; `answered` and `dismissed` are read as reviewing and declined. */
export const interestStateInputSchema = z.object({
  state: z
    .enum(INTEREST_STATE_INPUTS, { error: INTEREST_STATE_INVALID })
    .transform(resolveInterestState),
  note: z
    .string({ error: 'La nota debe ser texto' })
    .trim()
    .max(INTEREST_NOTE_MAX, { error: `La nota no puede superar ${INTEREST_NOTE_MAX} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type InterestStateBody = z.input<typeof interestStateInputSchema>;

export const INTEREST_BOXES = ['received', 'sent'] as const;
export type InterestBox = (typeof INTEREST_BOXES)[number];

/** GET /api/me/interests?box=received|sent */
export const interestBoxQuerySchema = z.object({
  box: z.enum(INTEREST_BOXES, {
    error: 'El parámetro box no es válido: elige las solicitudes recibidas o las enviadas',
  }),
});

export const interestIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'El id de la solicitud no es válido' })
    .transform(Number),
});

/**
 * One request, as its sender and the dog's owner see it (nobody else ever does): the dog it is
 * about, who sent it and how to reach them, and its state.
 */
export const interestSchema = z.object({
  id: z.number().int(),
  dog: z.object({ id: z.number().int(), name: z.string() }),
  sender: z.object({ name: z.string(), email: z.string() }),
  message: z.string(),
  /** E.164 (+573001234567) or null. */
  phone: z.string().nullable(),
  state: z.enum(INTEREST_STATES),
  /** Every state the request reached, oldest first (ISO 8601 times); a note when one was given. */
  history: z.array(
    z.object({
      state: z.enum(INTEREST_STATES),
      at: z.string(),
      note: z.string().optional(),
    }),
  ),
  /** The applicant's adopter profile when they applied (a snapshot), or null when they had none. */
  profile: adopterProfileSchema.nullable(),
  /** ISO 8601 (UTC). */
  created_at: z.string(),
  updated_at: z.string(),
});
export type Interest = z.infer<typeof interestSchema>;
export const interestListSchema = z.array(interestSchema);
export const interestResponseSchema = z.object({ interest: interestSchema });
export type InterestHistoryEntry = Interest['history'][number];

/** GET /api/dog/:id/response-time: the rescuer's median time to a first answer. */
export const RESPONSE_TIME_DAYS = 90;
export const RESPONSE_TIME_MIN_REQUESTS = 3;
export const responseTimeSchema = z.object({
  /** Minutes; null until the rescuer had 3 requests in the last 90 days and answered one. */
  median_minutes: z.number().int().nullable(),
  requests: z.number().int(),
});
export type ResponseTime = z.infer<typeof responseTimeSchema>;
