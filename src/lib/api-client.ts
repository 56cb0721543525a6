// The one HTTP client of the app: `/api` prefix, same-origin cookies, no automatic retries
// (TanStack Query decides about retrying reads; mutations are never retried), and every failure
// turned into an `ApiError` whose Spanish message can be shown to the user as is. ky itself is
// downloaded with the first request: a server-rendered page arrives with its data and asks for
// nothing. On the server, each request's QueryClient carries its own transport (the visitor's
// cookie, answered in-process), so reads made while rendering act as that visitor and no one else.
import type { QueryClient } from '@tanstack/react-query';
import type { HTTPError, KyInstance, TimeoutError } from 'ky';
import { env } from '@/config/env';

export class ApiError extends Error {
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  401: 'Debes iniciar sesión',
  403: 'No tienes permiso para hacer esto',
  404: 'Recurso no encontrado',
  413: 'El cuerpo de la petición es demasiado grande',
  429: 'Demasiados intentos, espera un momento',
};
/** Said when the device itself has no connection (the browser knows it is offline). */
export const OFFLINE_MESSAGE =
  'No hay conexión a internet. Revisa tu conexión y vuelve a intentarlo.';
const GENERIC_MESSAGE = 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.';

async function readErrorMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      return body.error;
    }
  } catch {
    // Not JSON (a proxy error page, an empty body…): fall back to a message by status.
  }
  return undefined;
}

/** `env.apiUrl` made absolute: some `Request` implementations (Node's, in tests) reject relative URLs. */
const apiBase = new URL(`${env.apiUrl}/`, globalThis.location?.href ?? 'http://localhost/').href;

let client: Promise<KyInstance> | undefined;

const createClient = (ky: typeof import('ky').default, fetch?: typeof globalThis.fetch) =>
  ky.create({
    prefixUrl: apiBase,
    credentials: 'same-origin',
    retry: 0,
    timeout: 15_000,
    fetch,
    hooks: {
      beforeError: [
        async (error) => {
          const message = await readErrorMessage(error.response);
          error.message = message ?? FALLBACK_MESSAGES[error.response.status] ?? GENERIC_MESSAGE;
          return error;
        },
      ],
    },
  });

/** Transports bound to one QueryClient: the server's per-request ones. */
const bound = new WeakMap<QueryClient, Promise<KyInstance>>();

/** Makes every request of `queryClient`'s queries go through `fetch` (server rendering). */
export function bindTransport(queryClient: QueryClient, fetch: typeof globalThis.fetch): void {
  bound.set(
    queryClient,
    import('ky').then(({ default: ky }) => createClient(ky, fetch)),
  );
}

function loadClient(queryClient?: QueryClient): Promise<KyInstance> {
  const own = queryClient && bound.get(queryClient);
  if (own) return own;
  if (typeof window === 'undefined') {
    // On the server a request must be made as the visitor whose page is being drawn.
    return Promise.reject(
      new Error('apiCall on the server needs the QueryClient: pass the queryFn context.client'),
    );
  }
  client ??= import('ky').then(
    ({ default: ky }) => createClient(ky),
    (error: unknown) => {
      // Offline when the first request was made: try the download again next time.
      client = undefined;
      throw error;
    },
  );
  return client;
}

// ky's error classes, recognised by name so that this module does not need ky loaded.
const isHttpError = (error: unknown): error is HTTPError =>
  error instanceof Error && error.name === 'HTTPError' && 'response' in error;
const isTimeoutError = (error: unknown): error is TimeoutError =>
  error instanceof Error && error.name === 'TimeoutError';

/** Normalises anything a request can throw into an `ApiError` with a user-facing message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHttpError(error)) return new ApiError(error.message, error.response.status);
  if (isTimeoutError(error)) {
    return new ApiError('El servidor tardó demasiado en responder. Inténtalo de nuevo.', 0);
  }
  // fetch() rejects with a TypeError when the network is down or the server is unreachable.
  if (globalThis.navigator?.onLine === false) return new ApiError(OFFLINE_MESSAGE, 0);
  return new ApiError(FALLBACK_MESSAGES[0]!, 0);
}

/**
 * Runs one request and rethrows its failure as an `ApiError`. Queries pass their QueryClient
 * (`context.client`) so that a server render uses that request's transport.
 */
export async function apiCall<T>(
  request: (api: KyInstance) => Promise<T>,
  queryClient?: QueryClient,
): Promise<T> {
  try {
    return await request(await loadClient(queryClient));
  } catch (error) {
    throw toApiError(error);
  }
}
