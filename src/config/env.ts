// Browser configuration read once at start-up; a bad value fails loudly instead of half-working.
// Checked by hand rather than with zod so the landing page's bundle does not carry the zod runtime.

function readApiUrl(raw: unknown): string {
  if (raw === undefined || raw === '') return '/api';
  if (typeof raw !== 'string' || !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(raw)) {
    throw new Error(
      `VITE_API_URL debe ser una ruta como /api o una URL http(s); se recibió ${JSON.stringify(raw)}`,
    );
  }
  return raw.replace(/\/+$/, '');
}

export const env = {
  /** Base of every API call: same-origin `/api` unless `VITE_API_URL` says otherwise. */
  apiUrl: readApiUrl(import.meta.env.VITE_API_URL),
} as const;
