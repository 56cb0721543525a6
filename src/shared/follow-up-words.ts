// The follow-up's words and dates as people read them, apart from the schemas (zod) so that a
// visitor's dog page can show "Así está hoy" without loading form code.

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** `2026-03-05` → `5 de marzo de 2026`. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} de ${MONTHS[(m ?? 1) - 1]} de ${y}`;
}

export const CHECKIN_STATUSES = ['ok', 'help', 'return'] as const;
export type CheckinStatus = (typeof CHECKIN_STATUSES)[number];
export const CHECKIN_STATUS_LABELS: Record<CheckinStatus, string> = {
  ok: 'Todo bien',
  help: 'Necesito ayuda',
  return: 'Ya no puedo tenerlo',
};
