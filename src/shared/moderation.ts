// Moderation contract (reports on listings, the admin console's data and actions), shared by the
// API server, the report dialog, the admin console and the MSW handlers.
import { z } from 'zod';

export const REPORT_REASONS = ['sale', 'abuse', 'false_info', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Why a listing was flagged automatically (reports with source 'automatic'). */
export const AUTOMATIC_REASONS = ['asks_money', 'shipping', 'reused_photo'] as const;
export type AutomaticReason = (typeof AUTOMATIC_REASONS)[number];
export const ANY_REPORT_REASONS = [...REPORT_REASONS, ...AUTOMATIC_REASONS] as const;
export type AnyReportReason = (typeof ANY_REPORT_REASONS)[number];
export const REPORT_SOURCES = ['community', 'automatic'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** How the UI names each reason. */
export const REPORT_REASON_LABELS: Record<AnyReportReason, string> = {
  sale: 'Venta de animales',
  abuse: 'Maltrato',
  false_info: 'Información falsa',
  spam: 'Spam',
  other: 'Otro',
  asks_money: 'Pide dinero',
  shipping: 'Ofrece envío o transporte',
  reused_photo: 'Foto ya publicada por otra cuenta',
};

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

export const MODERATION_MESSAGES = {
  alreadyReported: 'Ya reportaste esta publicación',
  ownListing: 'No puedes reportar tu propia publicación',
  alreadyHidden: 'La publicación ya está oculta',
  notHidden: 'La publicación no está oculta',
  alreadyBlocked: 'La cuenta ya está bloqueada',
  notBlocked: 'La cuenta no está bloqueada',
  blockSelf: 'No puedes bloquear tu propia cuenta',
  userNotFound: 'La cuenta no existe',
  reportNotFound: 'El reporte no existe o ya fue atendido',
} as const;

/** POST /api/dog/:id/report */
export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Elige un motivo del reporte' }),
  details: z
    .string({ error: 'Los detalles deben ser texto' })
    .trim()
    .max(REPORT_DETAILS_MAX, {
      error: `Los detalles no pueden superar ${REPORT_DETAILS_MAX} caracteres`,
    })
    .default(''),
});
export type ReportInput = z.infer<typeof reportInputSchema>;
export type ReportFormValues = z.input<typeof reportInputSchema>;

/** Why an admin hid a listing or blocked an account: required, shown to the owner. */
export const moderationReasonSchema = z.object({
  reason: z
    .string({ error: 'El motivo es obligatorio' })
    .trim()
    .min(1, { error: 'El motivo es obligatorio' })
    .max(MODERATION_REASON_MAX, {
      error: `El motivo no puede superar ${MODERATION_REASON_MAX} caracteres`,
    }),
});
export type ModerationReasonInput = z.infer<typeof moderationReasonSchema>;

/** Dismissing a report: the reason is optional. */
export const dismissInputSchema = z.object({
  reason: z
    .string({ error: 'El motivo debe ser texto' })
    .trim()
    .max(MODERATION_REASON_MAX, {
      error: `El motivo no puede superar ${MODERATION_REASON_MAX} caracteres`,
    })
    .default(''),
});

const idParam = (label: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d{1,9}$/, { error: `El id ${label} no es válido` })
      .transform(Number),
  });
export const userIdParamSchema = idParam('de la cuenta');
export const reportIdParamSchema = idParam('del reporte');

const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const reportSchema = z.object({
  id: z.number().int(),
  /** 'automatic': raised by the site's own rules, with no reporter. */
  source: z.enum(REPORT_SOURCES),
  reason: z.enum(ANY_REPORT_REASONS),
  details: z.string(),
  created_at: z.string(),
  reporter: personSchema.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** Open reports of one listing, with what the admin needs to decide. */
export const reportGroupSchema = z.object({
  dog: z.object({
    id: z.number().int(),
    name: z.string(),
    city: z.string(),
    hidden: z.boolean(),
  }),
  owner: personSchema.extend({ blocked: z.boolean() }),
  count: z.number().int(),
  reports: z.array(reportSchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;
export const reportGroupsSchema = z.array(reportGroupSchema);

export const hiddenDogSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reason: z.string(),
  hidden_at: z.string(),
  owner: personSchema,
});
export type HiddenDog = z.infer<typeof hiddenDogSchema>;
export const hiddenDogsSchema = z.array(hiddenDogSchema);

export const blockedUserSchema = personSchema.extend({
  reason: z.string(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsersSchema = z.array(blockedUserSchema);

export const AUDIT_ACTIONS = [
  'dog_hide',
  'dog_restore',
  'user_block',
  'user_unblock',
  'report_dismiss',
  'role_grant',
  'role_revoke',
  'lost_found_hide',
  'lost_found_restore',
  'org_verify',
  'org_unverify',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  dog_hide: 'Ocultó la publicación',
  dog_restore: 'Restauró la publicación',
  user_block: 'Bloqueó la cuenta',
  user_unblock: 'Desbloqueó la cuenta',
  report_dismiss: 'Descartó el reporte',
  role_grant: 'Dio rol de administrador',
  role_revoke: 'Quitó rol de administrador',
  lost_found_hide: 'Ocultó el reporte de perdidos y encontrados',
  lost_found_restore: 'Restauró el reporte de perdidos y encontrados',
  org_verify: 'Verificó la organización',
  org_unverify: 'Quitó la verificación de la organización',
};

export const AUDIT_TARGET_TYPES = ['dog', 'user', 'report', 'lost_found', 'org'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.number().int(),
  target_label: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntriesSchema = z.array(auditEntrySchema);
