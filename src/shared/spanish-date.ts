// Calendar dates as Spanish speakers write them, the same on the server and in every browser.

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
