// The personal data policy's identity: the version a person accepts at registration (stored with
// the date) and the one the /privacidad page shows. A new text gets a new version here.
export const PRIVACY_POLICY = {
  version: '1.0',
  /** When this version took effect (ISO date). */
  date: '2026-11-23',
} as const;

export const PRIVACY_POLICY_PATH = '/privacidad';
