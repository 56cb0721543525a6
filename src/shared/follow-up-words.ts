// The follow-up's words and dates as people read them, apart from the schemas (zod) so that a
// visitor's dog page can show "Así está hoy" without loading form code.

export { formatDay } from './spanish-date';

export const CHECKIN_STATUSES = ['ok', 'help', 'return'] as const;
export type CheckinStatus = (typeof CHECKIN_STATUSES)[number];
export const CHECKIN_STATUS_LABELS: Record<CheckinStatus, string> = {
  ok: 'Todo bien',
  help: 'Necesito ayuda',
  return: 'Ya no puedo tenerlo',
};
