// The states of an adoption application ("Me interesa" request), who may set each one and which
// changes are allowed, plus the limits of its message, without zod: the pages that only show a
// request's state load none of the schemas.

/** Received → in review → interview or visit → approved → adopted; or declined, or withdrawn. */
export const INTEREST_STATES = [
  'new',
  'reviewing',
  'interview',
  'approved',
  'adopted',
  'declined',
  'withdrawn',
] as const;
export type InterestState = (typeof INTEREST_STATES)[number];

/** The states in which a request is still open (one open request per person and dog). */
export const OPEN_INTEREST_STATES = ['new', 'reviewing', 'interview', 'approved'] as const;
export type OpenInterestState = (typeof OPEN_INTEREST_STATES)[number];

/** What the dog's rescuer may set with PATCH. */
export const RESCUER_STATES = ['reviewing', 'interview', 'approved', 'declined'] as const;
/** What the applicant may set with PATCH. */
export const APPLICANT_STATES = ['withdrawn'] as const;

/** The second wave's answers, still accepted by PATCH. */
export const INTEREST_STATE_ALIASES = { answered: 'reviewing', dismissed: 'declined' } as const;
/** Every value PATCH accepts (`adopted` is refused with a reason: only closing an adoption sets it). */
export const INTEREST_STATE_INPUTS = [
  ...RESCUER_STATES,
  ...APPLICANT_STATES,
  'adopted',
  ...(Object.keys(INTEREST_STATE_ALIASES) as Array<keyof typeof INTEREST_STATE_ALIASES>),
] as const;
export type InterestStateInput = (typeof INTEREST_STATE_INPUTS)[number];
export type InterestStateTarget = Exclude<InterestStateInput, keyof typeof INTEREST_STATE_ALIASES>;

export function resolveInterestState(input: InterestStateInput): InterestStateTarget {
  return input in INTEREST_STATE_ALIASES
    ? INTEREST_STATE_ALIASES[input as keyof typeof INTEREST_STATE_ALIASES]
    : (input as InterestStateTarget);
}

/** How the UI names each state. */
export const INTEREST_STATE_LABELS: Record<InterestState, string> = {
  new: 'Recibida',
  reviewing: 'En revisión',
  interview: 'Entrevista o visita',
  approved: 'Aprobada',
  adopted: 'Adoptó',
  declined: 'No seleccionada',
  withdrawn: 'Retirada',
};

export const isOpenInterest = (state: InterestState): state is OpenInterestState =>
  (OPEN_INTEREST_STATES as readonly string[]).includes(state);

const STEP: Record<OpenInterestState, number> = { new: 0, reviewing: 1, interview: 2, approved: 3 };

export type InterestActor = 'rescuer' | 'applicant';

export const INTEREST_TRANSITION_MESSAGES = {
  adoptedOnlyByClosing:
    'Una solicitud pasa a «Adoptó» solo cuando se cierra la adopción con el acta de compromiso',
  rescuerOnly: 'Solo quien publicó el perro puede cambiar el estado de esta solicitud',
  applicantOnly: 'Solo quien envió la solicitud puede retirarla',
  finished: (state: InterestState) =>
    `Esta solicitud ya terminó («${INTEREST_STATE_LABELS[state]}») y no cambia de estado`,
  notOpen: 'Solo puedes retirar una solicitud que sigue abierta',
  backwards: (from: InterestState, to: InterestState) =>
    `Una solicitud no vuelve atrás: de «${INTEREST_STATE_LABELS[from]}» no puede pasar a «${INTEREST_STATE_LABELS[to]}»`,
} as const;

/**
 * Why `actor` may not move a request from `from` to `to`, or null when they may (the same state
 * again is allowed and changes nothing). The rescuer moves an open request forward, possibly
 * past a step, or declines it, and may reconsider a declined one; the applicant withdraws an open
 * one. `adopted` and `withdrawn` are final. The 403 cases (the wrong person) come first.
 */
export function interestTransitionError(
  actor: InterestActor,
  from: InterestState,
  to: InterestStateTarget,
): { status: 403 | 409; error: string } | null {
  if (to === 'adopted')
    return { status: 409, error: INTEREST_TRANSITION_MESSAGES.adoptedOnlyByClosing };
  if (to === 'withdrawn' && actor !== 'applicant')
    return { status: 403, error: INTEREST_TRANSITION_MESSAGES.applicantOnly };
  if (to !== 'withdrawn' && actor !== 'rescuer')
    return { status: 403, error: INTEREST_TRANSITION_MESSAGES.rescuerOnly };
  if (from === to) return null;
  if (from === 'adopted' || from === 'withdrawn')
    return { status: 409, error: INTEREST_TRANSITION_MESSAGES.finished(from) };
  if (to === 'withdrawn')
    return isOpenInterest(from)
      ? null
      : { status: 409, error: INTEREST_TRANSITION_MESSAGES.notOpen };
  if (to === 'declined' || from === 'declined') return null;
  if (isOpenInterest(from) && isOpenInterest(to) && STEP[to] < STEP[from])
    return { status: 409, error: INTEREST_TRANSITION_MESSAGES.backwards(from, to) };
  return null;
}

/** The states the rescuer can move a request in `from` to (for the buttons). */
export function rescuerNextStates(from: InterestState): InterestStateTarget[] {
  return RESCUER_STATES.filter(
    (to) => to !== from && interestTransitionError('rescuer', from, to) === null,
  );
}

/** What happens next, as the applicant reads it under each state. */
export const INTEREST_NEXT_STEP: Record<InterestState, string> = {
  new: 'Quien publicó al perro recibió tu solicitud y tu perfil. Te avisaremos por correo cuando la revise.',
  reviewing:
    'Están revisando tu solicitud. Puede que te escriban para conocerte mejor: ten a mano tu celular.',
  interview:
    'El siguiente paso es una entrevista o una visita a tu hogar. Quien publicó al perro te contactará para acordarla.',
  approved:
    'Tu solicitud fue aprobada. Falta acordar la entrega y aceptar el acta de compromiso de adopción.',
  adopted: '¡Adoptaste! Te escribiremos para hacer el seguimiento del cuidado del perro.',
  declined:
    'Esta vez no fuiste seleccionado. Gracias por querer darle un hogar: hay muchos otros perros esperando una familia.',
  withdrawn: 'Retiraste esta solicitud. Puedes enviar otra cuando quieras.',
};

export const INTEREST_MESSAGE_MIN = 10;
export const INTEREST_MESSAGE_MAX = 1000;
