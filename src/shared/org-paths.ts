// The organizations' page addresses, kinds and roles, apart from the schemas (shared/org.ts) so
// that pages every visitor loads (a dog's page, its contact box, an organization's page) do not
// bring zod along.

export const ORG_KINDS = ['fundacion', 'rescatista', 'refugio'] as const;
export type OrgKind = (typeof ORG_KINDS)[number];
export const ORG_KIND_LABELS: Record<OrgKind, string> = {
  fundacion: 'Fundación',
  rescatista: 'Rescatista independiente',
  refugio: 'Refugio',
};

export const ORG_ROLES = ['admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const ORG_ROLE_LABELS: Record<OrgRole, string> = {
  admin: 'Administra',
  member: 'Integrante',
};

/** The organizations' pages live under this path. */
export const ORGS_PATH = '/fundaciones';
/** Paths under ORGS_PATH that are pages, not organizations: never a slug. */
export const RESERVED_ORG_SLUGS = ['nueva', 'invitacion', 'mias'] as const;
export const orgPath = (slug: string) => `${ORGS_PATH}/${slug}`;
export const invitationPath = (token: string) => `${ORGS_PATH}/invitacion/${token}`;
export const orgManagePath = (slug: string) => `${ORGS_PATH}/${slug}/integrantes`;
export const orgEditPath = (slug: string) => `${ORGS_PATH}/${slug}/editar`;
/** The page on adopting safely (no payment before meeting the dog, no shipping). */
export const SAFE_ADOPTION_PATH = '/adoptar-seguro';
