// The one error handler: every refusal is `{"error": "<Spanish>"}` with its status, and a 5xx never
// reveals internals (it is logged in full instead). Also the answer for unknown paths (with a
// build, every other GET is the pages' route: pages/routes.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../shared/api';
import { databaseFault, FAULT_MESSAGES, RETRY_AFTER_SECONDS } from '../db/errors';
import { HttpError } from './errors';
import { setSecurityHeadersOutsideHooks } from './security';

function publicMessage(error: FastifyError): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: MESSAGES.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: MESSAGES.unsupportedMediaType };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: MESSAGES.badJson };
  }
  // JSON.parse / secure-json-parse errors surface as plain SyntaxErrors with status 400.
  if (error instanceof SyntaxError && error.statusCode === 400)
    return { status: 400, message: MESSAGES.badJson };
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: 'La petición no es válida' };
  }
  return null;
}

/**
 * Fastify's `frameworkErrors`: a request target that cannot be decoded is refused before routing,
 * so no hook runs for it; its answer gets the same headers here.
 */
export function refuseMalformedRequest(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  setSecurityHeadersOutsideHooks(request, reply);
  // Its path could not be decoded, so whether it was an API path is unknown: never cache it.
  reply.header('cache-control', 'no-store');
  reply.header('x-request-id', request.id);
  request.log.info({ code: error.code }, 'malformed request refused');
  return reply.code(400).send({ error: 'La dirección de la petición no es válida' });
}

export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send({ error: error.message });
      }
      const known = publicMessage(error);
      if (known) {
        request.log.info({ code: error.code, status: known.status }, 'request refused');
        return reply.code(known.status).send({ error: known.message });
      }
      // The database away (connection lost or refused) or out of disk: nothing was written unless
      // its transaction committed, and the client may try again after Retry-After.
      const fault = databaseFault(error);
      if (fault) {
        request.log.warn({ code: (error as { code?: string }).code, fault }, error.message);
        return reply
          .code(fault === 'disk-full' ? 507 : 503)
          .header('retry-after', String(RETRY_AFTER_SECONDS[fault]))
          .send({ error: FAULT_MESSAGES[fault] });
      }
      // Anything else is our bug or the database's: log it all, reveal nothing.
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response does not match its declared schema');
      } else {
        request.log.error({ err: error }, 'unhandled error');
      }
      return reply.code(500).send({ error: MESSAGES.internal });
    });

    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: MESSAGES.notFound }));
  },
  { name: 'error-handler' },
);
