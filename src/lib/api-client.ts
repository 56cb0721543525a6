// The one HTTP client of the app: `/api` prefix, same-origin cookies, no automatic retries
// (TanStack Query decides about retrying reads; mutations are never retried), and every failure
// turned into an `ApiError` whose Spanish message can be shown to the user as is. ky itself is
// downloaded with the first request: the landing page arrives with its data and asks for nothing.
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

function loadClient(): Promise<KyInstance> {
  client ??= import('ky').then(
    ({ default: ky }) =>
      ky.create({
        prefixUrl: apiBase,
        credentials: 'same-origin',
        retry: 0,
        timeout: 15_000,
        hooks: {
          beforeError: [
            async (error) => {
              const message = await readErrorMessage(error.response);
              error.message =
                message ?? FALLBACK_MESSAGES[error.response.status] ?? GENERIC_MESSAGE;
              return error;
            },
          ],
        },
      }),
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
  return new ApiError(FALLBACK_MESSAGES[0]!, 0);
}

/** Runs one request with the client and rethrows its failure as an `ApiError`. */
export async function apiCall<T>(request: (api: KyInstance) => Promise<T>): Promise<T> {
  try {
    return await request(await loadClient());
  } catch (error) {
    throw toApiError(error);
  }
}
