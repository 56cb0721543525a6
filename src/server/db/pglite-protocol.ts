// The messages between the main thread and the embedded database's thread (pglite-thread.ts,
// pglite-worker.ts), and how an error crosses between them with what callers read from it.
import type { PreparedImage } from './data-dir';

export interface PgliteThreadData {
  dataDir: string;
  imageDir: string;
  demoImage?: PreparedImage;
}

export type ThreadRequest = { id: number } & (
  | { op: 'query'; text: string; params: readonly unknown[]; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { op: 'close' }
  | { op: 'dump' }
);

/** Id 0 answers the start: `{ pgdata }` once the database is open. */
export type ThreadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** The error's own fields that are plain values: PostgreSQL's code, detail, constraint… */
  fields: Record<string, string | number | boolean | null>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again, as an Error with the same name, message and fields (`code` above all). */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  if (serialized.name !== 'Error') {
    Object.defineProperty(error, 'name', { value: serialized.name, configurable: true });
  }
  if (serialized.stack) {
    error.stack = `${serialized.stack}\n    at (the embedded database's thread)`;
  }
  return error;
}
