// The Fastify server's own options: JSON logs with secrets redacted, one line per request, the
// proxies trusted, body limit, timeouts, the canonical request target and the zod compilers.
import { randomUUID } from 'node:crypto';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config';
import { refuseMalformedRequest } from './error-handler';
import { httpServerOptions } from './lifecycle';
import { loggedUrl } from './log-url';
import { serializerCompiler, validatorCompiler } from './route';
import { canonicalRequestTarget } from './security';

const BODY_LIMIT_BYTES = 64 * 1024;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        'password',
        'passwordValidate',
        'token',
        '*.password',
        '*.passwordValidate',
        '*.token',
        // A failed query's parameters and PostgreSQL's detail ("Key (email)=(…)") hold people's
        // data: the query itself, its code and message are enough to find the bug.
        'err.params',
        'err.detail',
      ],
      censor: '[redacted]',
    },
  };
}

type SchemaCompilers = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * The app asks who is logged in on every page view; for a visitor the answer is a 401. That is the
 * expected answer, not a failure: logged at debug level, so the default log does not fill with it.
 */
function isVisitorSessionCheck(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    request.method === 'GET' &&
    request.routeOptions.url === '/api/user/me' &&
    reply.statusCode === 401
  );
}

/** One log line per request, when it completes (Fastify's default writes two). */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const url = loggedUrl(request.url, request.originalUrl);
    const line = {
      req: { method: request.method, ...url, ip: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (isVisitorSessionCheck(request, reply)) reply.log.debug(line, 'no session');
    else if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many addresses nearest to this
 * server (the socket's peer, then X-Forwarded-For from its right end), so the client is the
 * address the outermost trusted proxy saw. Fastify itself trusts nothing for a bare number, and
 * `true` (trust every hop) would let a client write its own address at the left end.
 */
export function trustedProxies(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The options buildApp creates the Fastify server with. */
export function serverOptions(
  config: Config,
  logger: FastifyServerOptions['logger'] | undefined,
): FastifyServerOptions {
  return {
    logger: logger ?? loggerOptions(config.logLevel),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Start-up on a new embedded database (the job queue's tables and schedules are created in an
    // onReady hook) can pass Fastify's 10 s default on a busy small machine; a start that is slow
    // is not a failed one.
    pluginTimeout: 120_000,
    requestIdHeader: false,
    logController: new RequestLog({ requestIdLogLabel: 'reqId' }),
    // Timeouts for slow clients; a Spanish 503 while shutting down (http/lifecycle.ts).
    ...httpServerOptions(config),
    // Malformed URLs (bad percent-encoding) never reach hooks or the error handler.
    frameworkErrors: refuseMalformedRequest as FastifyServerOptions['frameworkErrors'],
    // Every decision is made on the path the router matches: the target is decoded once, here,
    // before routing, so hooks, handlers and static files read the very path the router saw
    // (`/%61pi/dog` is `/api/dog` for all of them). Refusing encoded paths with 400 instead would
    // need a second definition of "canonical" that could drift from the router's, and would
    // break clients that legitimately encode characters; decoding the same way it does cannot.
    rewriteUrl: (req) => canonicalRequestTarget(req.url ?? '/'),
    // Requests are validated and answers serialized with the routes' zod schemas (http/route.ts).
    // Given here rather than with setValidatorCompiler, Fastify never loads its default
    // compilers (Ajv and fast-json-stringify): about a tenth of a second less to the first answer.
    // (Fastify's typings describe the factories in Ajv's terms; the compilers they return are
    // called exactly as those given to setValidatorCompiler and setSerializerCompiler.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as SchemaCompilers,
    },
  };
}
