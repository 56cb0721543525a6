// The states of a "Me interesa" request and the limits of its message, without zod: the pages
// that only show a request's state load none of the schemas.
export const INTEREST_STATES = ['new', 'answered', 'dismissed'] as const;
export type InterestState = (typeof INTEREST_STATES)[number];
/** What the owner may turn a request into (a request never goes back to new). */
export const INTEREST_ANSWERS = ['answered', 'dismissed'] as const;
export type InterestAnswer = (typeof INTEREST_ANSWERS)[number];

/** How the UI names each state. */
export const INTEREST_STATE_LABELS: Record<InterestState, string> = {
  new: 'Nueva',
  answered: 'Respondida',
  dismissed: 'Descartada',
};

export const INTEREST_MESSAGE_MIN = 10;
export const INTEREST_MESSAGE_MAX = 1000;
