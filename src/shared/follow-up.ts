// Closing an adoption and following it up: the acta de compromiso (a versioned Spanish text), the
// adoption record, its check-ins and the sterilization commitment, shared by the API server, the
// screens and the MSW handlers.
import { z } from 'zod';
import { PHOTO_MESSAGES, photoSchema } from './photo';
import { CHECKIN_STATUSES, formatDay } from './follow-up-words';

export * from './follow-up-words';

/** The version of the acta's text; acceptance stores it. A new text gets a new version. */
export const ACTA_VERSION = '2026-11';

/** The acta de compromiso, as the adopter reads and accepts it. */
export function actaText(dogName: string, sterilizationDue: string | null): string[] {
  return [
    `Me comprometo a cuidar a ${dogName} toda su vida: alimento, agua limpia, techo, paseos, vacunas, desparasitación y atención veterinaria cuando la necesite.`,
    `Nunca voy a vender, regalar a terceros ni abandonar a ${dogName}.`,
    sterilizationDue
      ? `Voy a esterilizar a ${dogName} a más tardar el ${formatDay(sterilizationDue)} y a registrar la esterilización en Happy Dog.`
      : `${dogName} ya está esterilizado o esterilizada: no hay fecha de esterilización pendiente.`,
    'Acepto el seguimiento: responderé los mensajes de seguimiento con una foto y contaré cómo está.',
    `Si algún día no puedo seguir teniendo a ${dogName}, lo devolveré a quien me lo entregó en adopción, y nunca a otra persona sin su acuerdo.`,
  ];
}

export const ADOPTION_STATES = ['pending', 'active', 'returned', 'cancelled'] as const;
export type AdoptionState = (typeof ADOPTION_STATES)[number];

/** Photos a check-in may carry. */
export const CHECKIN_PHOTOS_MAX = 2;
export const CHECKIN_MESSAGE_MAX = 2000;
export const RETURN_NOTE_MAX = 1000;
export const CLINIC_MAX = 120;
/** Days after acceptance the sterilization is due by (or the dog's 6 months of age, if later). */
export const STERILIZATION_DAYS = 60;
export const STERILIZATION_MIN_AGE_MONTHS = 6;
/** The first sterilization reminder goes this many days before the date. */
export const STERILIZATION_REMINDER_DAYS_BEFORE = 7;

export const FOLLOW_UP_MESSAGES = {
  notFound: 'La adopción no existe',
  forbidden: 'Solo quien entregó el perro, quien lo adoptó o un administrador pueden verla',
  notOwner: 'Solo quien publicó el perro puede cerrar su adopción',
  interestNotFound: 'La solicitud no existe o no es de este perro',
  interestNotApproved: 'Solo se puede cerrar la adopción con una solicitud aprobada',
  alreadyOpen: 'Este perro ya tiene una adopción en curso',
  notAdopter: 'Solo quien adopta puede aceptar el acta',
  notPending: 'El acta ya fue aceptada o la adopción ya no está en curso',
  applicationClosed: 'La solicitud ya no está aprobada: la adopción no puede cerrarse',
  adopterGone: 'Quien adoptó ya no tiene cuenta en Happy Dog',
  notRescuer: 'Solo quien entregó el perro puede registrar su regreso',
  notRescuerCancel: 'Solo quien entregó el perro o su organización pueden cancelar la adopción',
  notCancellable:
    'Solo se puede cancelar una adopción con el acta pendiente: esta ya fue aceptada o terminó',
  dogGone: 'La publicación del perro se eliminó: el acta ya no puede aceptarse',
  notActive: 'La adopción no está activa',
  onlyAdopter: 'Solo quien adoptó puede hacer esto',
  notRequired: 'Este perro no tiene una esterilización pendiente',
  futureDate: 'La fecha de esterilización no puede ser futura',
  checkinNotFound: 'El enlace de seguimiento no es válido: revisa que lo copiaste completo',
  checkinUsed: 'Este seguimiento ya fue respondido. ¡Gracias!',
  checkinExpired:
    'Este enlace de seguimiento ya venció. Te escribiremos cuando toque el siguiente seguimiento.',
  photoUnknown: PHOTO_MESSAGES.unknownPhoto,
  photoForeign: 'Solo puedes usar fotos subidas para este seguimiento',
  photoUsed: 'Una de las fotos ya está en otro seguimiento o en una publicación',
} as const;

const id = z
  .number({ error: 'El id debe ser un número' })
  .int({ error: 'El id debe ser un número entero' })
  .positive({ error: 'El id debe ser positivo' })
  .max(2_147_483_647, { error: 'El id no es válido' });

export const adoptionIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'El id de la adopción debe ser un número' })
    .int({ error: 'El id de la adopción debe ser un número entero' })
    .positive({ error: 'El id de la adopción debe ser positivo' }),
});

/** POST /api/dog/:id/adoption */
export const adoptionCloseInputSchema = z.object({
  interest_id: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? 'Falta interest_id: la solicitud aprobada con la que se cierra la adopción'
          : 'interest_id debe ser el id numérico de una solicitud',
    })
    .pipe(id),
});

/** PATCH /api/adoptions/:id */
export const adoptionConsentInputSchema = z.object({
  share_consent: z.boolean({ error: 'share_consent debe ser true o false' }),
});

/** POST /api/adoptions/:id/return */
export const adoptionReturnInputSchema = z.object({
  note: z
    .string({ error: 'La nota debe ser texto' })
    .trim()
    .max(RETURN_NOTE_MAX, { error: `La nota no puede superar ${RETURN_NOTE_MAX} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Publish the dog again (status available); default true. */
  publish: z.boolean({ error: 'publish debe ser true o false' }).optional().default(true),
});

const dayRegex = /^\d{4}-\d{2}-\d{2}$/;
const photoIds = (max: number) =>
  z
    .array(id, { error: 'photo_ids debe ser una lista de ids de fotos' })
    .max(max, {
      error: max === 1 ? 'Solo se admite una foto del certificado' : `Como máximo ${max} fotos`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: PHOTO_MESSAGES.repeatedPhoto })
    .optional()
    .default([]);

/** POST /api/adoptions/:id/sterilization */
export const sterilizationInputSchema = z.object({
  date: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'La fecha de la esterilización es obligatoria'
          : 'La fecha debe ser texto AAAA-MM-DD',
    })
    .regex(dayRegex, { error: 'La fecha debe tener la forma AAAA-MM-DD' })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: 'La fecha no existe',
      },
    ),
  clinic: z
    .string({ error: 'La clínica debe ser texto' })
    .trim()
    .max(CLINIC_MAX, { error: `El nombre de la clínica no puede superar ${CLINIC_MAX} caracteres` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  photo_ids: photoIds(1),
});
export type SterilizationInput = z.infer<typeof sterilizationInputSchema>;

/** POST /api/checkins/:token */
export const checkinInputSchema = z.object({
  status: z.enum(CHECKIN_STATUSES, {
    error: 'Elige cómo está: ok (Todo bien), help (Necesito ayuda) o return (Ya no puedo tenerlo)',
  }),
  message: z
    .string({ error: 'El mensaje debe ser texto' })
    .trim()
    .max(CHECKIN_MESSAGE_MAX, {
      error: `El mensaje no puede superar ${CHECKIN_MESSAGE_MAX} caracteres`,
    })
    .optional()
    .transform((v) => (v ? v : undefined)),
  photo_ids: photoIds(CHECKIN_PHOTOS_MAX),
});
export type CheckinInput = z.infer<typeof checkinInputSchema>;

export const checkinTokenParamSchema = z.object({
  token: z.string().max(200, { error: 'El enlace de seguimiento no es válido' }),
});

export const checkinSchema = z.object({
  id: z.number(),
  seq: z.number(),
  due_at: z.string(),
  expires_at: z.string(),
  sent_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
  escalated_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  status: z.enum(CHECKIN_STATUSES).nullable(),
  message: z.string().nullable(),
  photos: z.array(photoSchema),
  /** Sent, unanswered, and past the time the rescuer is told. */
  overdue: z.boolean(),
});
export type Checkin = z.infer<typeof checkinSchema>;

export const sterilizationSchema = z.object({
  required: z.boolean(),
  due: z.string().nullable(),
  done_on: z.string().nullable(),
  clinic: z.string().nullable(),
  photo: photoSchema.nullable(),
  recorded_at: z.string().nullable(),
  overdue: z.boolean(),
});
export type Sterilization = z.infer<typeof sterilizationSchema>;

export const adoptionSchema = z.object({
  id: z.number(),
  state: z.enum(ADOPTION_STATES),
  /** id null once the dog's listing was deleted (the name is the one it had then). */
  dog: z.object({ id: z.number().nullable(), name: z.string(), image: z.string() }),
  rescuer: z.object({ name: z.string(), email: z.string() }),
  /** null once the adopter deleted their account. */
  adopter: z.object({ name: z.string(), email: z.string() }).nullable(),
  interest_id: z.number().nullable(),
  acta_version: z.string().nullable(),
  /** The acta's paragraphs (as accepted, or to accept). */
  acta: z.array(z.string()),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  return_note: z.string().nullable(),
  /** When the rescuer cancelled it before the acta was accepted. */
  cancelled_at: z.string().nullable(),
  share_consent: z.boolean(),
  /**
   * Who is asking: 'rescuer' (also whoever manages the dog, such as its organization's members),
   * 'adopter' or 'admin'.
   */
  role: z.enum(['rescuer', 'adopter', 'admin']),
  /** A check-in or the sterilization is overdue. */
  overdue: z.boolean(),
});
export type Adoption = z.infer<typeof adoptionSchema>;

export const adoptionResponseSchema = z.object({ adoption: adoptionSchema });
export const adoptionDetailSchema = z.object({
  adoption: adoptionSchema,
  checkins: z.array(checkinSchema),
  sterilization: sterilizationSchema,
});
export type AdoptionDetail = z.infer<typeof adoptionDetailSchema>;
export const adoptionListSchema = z.array(adoptionSchema);

/** GET /api/checkins/:token: what the check-in page shows (no personal data). */
export const checkinPromptSchema = z.object({
  checkin: z.object({
    seq: z.number(),
    total: z.number(),
    due_at: z.string(),
    expires_at: z.string(),
    dog: z.object({ name: z.string(), image: z.string() }),
  }),
});
export type CheckinPrompt = z.infer<typeof checkinPromptSchema>['checkin'];

export const checkinAnswerResponseSchema = z.object({
  checkin: z.object({ status: z.enum(CHECKIN_STATUSES), answered_at: z.string() }),
});

/** A happy ending: the latest check-in photo of an adoption whose adopter agreed to share it. */
export const happyEndingSchema = z.object({
  /** id null once the dog's listing was deleted. */
  dog: z.object({ id: z.number().nullable(), name: z.string() }),
  photo: photoSchema,
  at: z.string(),
  adopted_at: z.string(),
});
export type HappyEnding = z.infer<typeof happyEndingSchema>;
export const happyEndingListSchema = z.array(happyEndingSchema);
export const dogTodaySchema = z.object({ today: happyEndingSchema.nullable() });
