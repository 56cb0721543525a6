// Organizations contract (foundations, independent rescuers, shelters): their public page, their
// members and invitations, shared by the API server, the pages and the forms.
import { z } from 'zod';
import { publicDogSchema } from './dog';
import { emailSchema } from './user';
import { zoneIdSchema } from './zones';

import { ORG_KINDS, ORG_ROLES } from './org-paths';

export {
  ORG_KIND_LABELS,
  ORG_KINDS,
  ORG_ROLE_LABELS,
  ORG_ROLES,
  type OrgKind,
  type OrgRole,
} from './org-paths';

export const ORG_NAME_MAX = 80;
export const ORG_DESCRIPTION_MAX = 2000;
export const ORG_LINKS_MAX = 5;
/** An invitation link works this long. */
export const ORG_INVITATION_TTL_DAYS = 7;
export {
  invitationPath,
  orgEditPath,
  orgManagePath,
  orgPath,
  ORGS_PATH,
  RESERVED_ORG_SLUGS,
  SAFE_ADOPTION_PATH,
} from './org-paths';

export const ORG_MESSAGES = {
  notFound: 'La organización no existe',
  notMember: 'Solo las personas de la organización pueden hacer esto',
  notAdmin: 'Solo quien administra la organización puede hacer esto',
  memberNotFound: 'Esa persona no hace parte de la organización',
  alreadyMember: 'Esa persona ya hace parte de la organización',
  lastAdmin:
    'La organización se quedaría sin nadie que la administre. Nombra primero a otra persona como administradora.',
  invitationInvalid: 'La invitación no existe, ya se usó o venció. Pide una nueva.',
  invitationOtherEmail:
    'Esta invitación es para otra dirección de correo. Entra con la cuenta de esa dirección para aceptarla.',
  notDogOrg: 'Solo puedes publicar para una organización de la que haces parte',
  alreadyVerified: 'La organización ya está verificada',
  notVerified: 'La organización no está verificada',
  nothingToChange: 'No hay nada que cambiar',
  deleteLastAdmin: (name: string) =>
    `Eres la única persona que administra «${name}». Antes de eliminar tu cuenta, nombra a otra persona como administradora.`,
} as const;

/** `missing`: what an empty required text says (its adjective agrees with the noun). */
const text = (label: string, min: number, max: number, missing = `${label} es obligatorio`) =>
  z
    .string({ error: `${label} debe ser texto` })
    .trim()
    .min(min, {
      error: min <= 1 ? missing : `${label} debe tener al menos ${min} caracteres`,
    })
    .max(max, { error: `${label} no puede superar ${max} caracteres` });

const linkSchema = z
  .string({ error: 'Cada enlace debe ser texto' })
  .trim()
  .max(200, { error: 'Cada enlace puede tener hasta 200 caracteres' })
  .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    error: 'Cada enlace debe ser una dirección que empiece por http:// o https://',
  });

const orgFields = {
  name: text('El nombre', 2, ORG_NAME_MAX),
  kind: z.enum(ORG_KINDS, { error: 'Elige si es fundación, rescatista o refugio' }),
  zone: zoneIdSchema,
  description: text('La descripción', 1, ORG_DESCRIPTION_MAX, 'La descripción es obligatoria'),
  links: z
    .array(linkSchema, { error: 'Los enlaces deben ser una lista' })
    .max(ORG_LINKS_MAX, { error: `Puedes poner hasta ${ORG_LINKS_MAX} enlaces` }),
};

export const orgInputSchema = z.object({ ...orgFields, links: orgFields.links.default([]) });
export type OrgInput = z.infer<typeof orgInputSchema>;
export type OrgFormValues = z.input<typeof orgInputSchema>;
/**
 * PATCH /api/orgs/:id: any of the fields; the ones left out keep their value (links included:
 * no default here). The address (slug) never changes, so links shared before keep working.
 */
export const orgUpdateSchema = z
  .object(orgFields)
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    error: ORG_MESSAGES.nothingToChange,
  });
export type OrgUpdate = z.infer<typeof orgUpdateSchema>;

export const orgSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(ORG_KINDS),
  zone: z.string(),
  zone_name: z.string(),
  description: z.string(),
  links: z.array(z.string()),
  verified: z.boolean(),
  created_at: z.string(),
});
export type Org = z.infer<typeof orgSchema>;

/**
 * What the public page shows besides the description: counts, the response time and the share of
 * follow-ups up to date.
 */
export const orgStatsSchema = z.object({
  available_dogs: z.number().int(),
  adoptions_closed: z.number().int(),
  /** Median minutes to a first answer over the last 90 days; null with fewer than 3 requests. */
  median_response_minutes: z.number().int().nullable(),
  members: z.number().int(),
  /** Adoptions of its dogs being followed up (accepted, not returned). */
  active_adoptions: z.number().int(),
  /** How many of those have no check-in overdue. */
  follow_ups_up_to_date: z.number().int(),
  /** That share in whole percent, rounded down (100 only when all are); null while none is active. */
  follow_ups_up_to_date_percent: z.number().int().min(0).max(100).nullable(),
});
export type OrgStats = z.infer<typeof orgStatsSchema>;

export const orgResponseSchema = z.object({ org: orgSchema });
export const orgPageSchema = z.object({
  org: orgSchema,
  stats: orgStatsSchema,
  /** The newest available (and in-process) dogs; GET /api/orgs/:slug/dogs pages on. */
  dogs: z.array(publicDogSchema),
});
export type OrgPage = z.infer<typeof orgPageSchema>;

export const orgSummarySchema = orgSchema.extend({ available_dogs: z.number().int() });
export type OrgSummary = z.infer<typeof orgSummarySchema>;
export const orgListSchema = z.array(orgSummarySchema);

/** The caller's own organizations, with the role they have in each. */
export const myOrgSchema = orgSchema.extend({ role: z.enum(ORG_ROLES) });
export type MyOrg = z.infer<typeof myOrgSchema>;
export const myOrgListSchema = z.array(myOrgSchema);

export const orgMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ORG_ROLES),
  joined_at: z.string(),
});
export type OrgMember = z.infer<typeof orgMemberSchema>;
export const orgInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type OrgInvitation = z.infer<typeof orgInvitationSchema>;
export const orgMembersResponseSchema = z.object({
  members: z.array(orgMemberSchema),
  /** Pending invitations: only for the organization's admins (empty for members). */
  invitations: z.array(orgInvitationSchema),
});
export type OrgMembersResponse = z.infer<typeof orgMembersResponseSchema>;

export const inviteInputSchema = z.object({ email: emailSchema });
export const roleInputSchema = z.object({
  role: z.enum(ORG_ROLES, { error: 'El rol debe ser admin o member' }),
});

/** What the invitation page shows before accepting. */
export const invitationPreviewSchema = z.object({
  org: z.object({ name: z.string(), slug: z.string(), kind: z.enum(ORG_KINDS) }),
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Admin: organizations waiting for verification. */
export const waitingOrgSchema = orgSchema.extend({
  admins: z.array(z.object({ name: z.string(), email: z.string() })),
});
export type WaitingOrg = z.infer<typeof waitingOrgSchema>;
export const waitingOrgListSchema = z.array(waitingOrgSchema);

const idParam = (label: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `El id ${label} no es válido` })
    .transform(Number);
export const orgIdParamSchema = z.object({ id: idParam('de la organización') });
export const orgMemberParamSchema = z.object({
  id: idParam('de la organización'),
  userId: idParam('de la persona'),
});
export const orgSlugParamSchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'La dirección de la organización no es válida' })
    .max(80, { error: 'La dirección de la organización no es válida' }),
});
export const invitationTokenParamSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'La invitación no existe, ya se usó o venció' }),
});
export const orgDogsQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'El parámetro before debe ser un número entero positivo' })
    .transform(Number)
    .optional(),
});

/** The address of a name: lowercase ASCII words joined by hyphens ("Patitas Felices" → patitas-felices). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'organizacion';
}
