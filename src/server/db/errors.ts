// Which database failures are the database being away or full (a 503/507 the client may retry)
// rather than a bug (a 500). Both the embedded PGlite and pg report PostgreSQL's SQLSTATE codes;
// pg adds Node's socket errors and a few messages of its own when a connection is lost.

export type DatabaseFault = 'unavailable' | 'disk-full';

/** Seconds a client is told to wait before retrying (`Retry-After`). */
export const RETRY_AFTER_SECONDS: Record<DatabaseFault, number> = {
  unavailable: 5,
  'disk-full': 60,
};

export const FAULT_MESSAGES: Record<DatabaseFault, string> = {
  unavailable: 'La base de datos no responde; inténtalo de nuevo en unos segundos',
  'disk-full': 'El servidor no tiene espacio para guardar datos; inténtalo más tarde',
};

/** Socket errors: the server is down, restarting or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** SQLSTATE codes of a database that is going away, starting, or out of connections. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '53000', // insufficient_resources
  '53200', // out_of_memory
]);

/** pg's own errors when a connection is lost or cannot be made in time (they carry no code). */
const LOST_CONNECTION = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Client was closed/,
];

export function databaseFault(error: unknown): DatabaseFault | null {
  if (!error || typeof error !== 'object') return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // disk_full: PostgreSQL could not extend a file; reads still work.
    if (code === '53100') return 'disk-full';
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))
      return 'unavailable';
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && LOST_CONNECTION.some((pattern) => pattern.test(message)))
    return 'unavailable';
  // AggregateError (e.g. a connection to several addresses all refused).
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every((e) => databaseFault(e) !== null))
    return databaseFault(inner[0]);
  return null;
}
