// Background jobs contract (/admin "Correos y tareas"): counts by state and the jobs in one state,
// each with its kind, tries and last error, never a message's text or link. Shared by the API
// server and the admin console.
import { z } from 'zod';

export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: 'En cola',
  retry: 'Esperando reintento',
  active: 'En curso',
  completed: 'Completadas',
  cancelled: 'Canceladas',
  failed: 'Fallidas',
};

/** How the console names each kind of job (e-mails by their kind, other jobs by their queue). */
export const JOB_KIND_LABELS: Record<string, string> = {
  'password-reset': 'Correo: enlace para crear una nueva contraseña',
  'password-changed': 'Correo: aviso de contraseña cambiada',
  'account-deleted': 'Correo: cuenta eliminada',
  'interest-received': 'Correo: nueva solicitud "Me interesa"',
  'interest-answered': 'Correo: solicitud respondida',
  'interest-dismissed': 'Correo: solicitud descartada',
  'org-invitation': 'Correo: invitación a una organización',
  'purge-expired': 'Limpieza de sesiones, enlaces y fotos vencidas',
  backup: 'Copia de seguridad',
};

export const jobKindLabel = (kind: string) => JOB_KIND_LABELS[kind] ?? kind;

export const JOB_MESSAGES = {
  badId: 'El identificador de la tarea no es válido',
  notFailed: 'La tarea no existe o ya no está fallida',
} as const;

/** GET /api/admin/jobs?state=… */
export const jobListQuerySchema = z.object({
  state: z
    .enum(JOB_STATES, { error: `El estado debe ser uno de: ${JOB_STATES.join(', ')}` })
    .default('failed'),
});

export const jobIdParamSchema = z.object({
  id: z.uuid({ error: JOB_MESSAGES.badId }),
});

export const jobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** The e-mail's kind (`password-reset`…) or the queue's name. */
  kind: z.string(),
  state: z.enum(JOB_STATES),
  /** Deliveries or runs tried so far. */
  tries: z.number().int(),
  /** The last failure's message, if any. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** When it failed or completed, or when it runs next. */
  updated_at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({
  counts: z.object(
    Object.fromEntries(JOB_STATES.map((s) => [s, z.number().int()])) as Record<
      JobState,
      z.ZodNumber
    >,
  ),
  jobs: z.array(jobSchema),
});
export type JobList = z.infer<typeof jobListSchema>;

export const jobRetryResponseSchema = z.object({ job: jobSchema });
