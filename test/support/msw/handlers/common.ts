// What the handlers of every resource share: the API's base path, its error body and the
// helpers that read a request the way the server does.
import { HttpResponse } from 'msw';

export const API = '/api';

/** An API error body, `{"error": "mensaje"}`, with its status. */
export function apiError(status: number, message: string) {
  return HttpResponse.json({ error: message }, { status });
}

/** The first zod issue's message, as the server's validator answers it. */
export function firstIssue(error: { issues: Array<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'Datos no válidos';
}

/** The request's JSON body, or undefined when it has none or it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** The query string as the plain object the shared query schemas parse. */
export function searchParamsOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
