// Builds the Fastify application (API + static app) around an injected database and config.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { MESSAGES } from '../shared/api';
import type { Config } from './config';
import { createCoalescer } from './db/coalesce';
import type { Db } from './db/db';
import { readStamps } from './db/stamps';
import { createListCache } from './dogs/list-cache';
import { createDogRepository } from './dogs/repository';
import { registerDogRoutes } from './dogs/routes';
import { HttpError } from './http/errors';
import { createRouter, type AnyRouteSpec } from './http/route';
import {
  canonicalRequestTarget,
  checkSameOrigin,
  isApiPath,
  setSecurityHeaders,
} from './http/security';
import { registerLanding } from './http/landing';
import { assertOutsideStaticRoot, hasBuiltApp, registerStatic } from './http/static';
import { createRateLimiter } from './rate-limit/limiter';
import { createRateLimitRepository } from './rate-limit/repository';
import { withSessionCache } from './sessions/cache';
import { createSessionRepository } from './sessions/repository';
import { registerSessionRoutes } from './sessions/routes';
import { createSessionService } from './sessions/service';
import { registerSystemRoutes } from './system/routes';
import { warmUpPasswords } from './users/passwords';
import { PROJECT_ROOT } from './paths';
import { createUserRepository } from './users/repository';
import { registerUserRoutes } from './users/routes';

export const BODY_LIMIT_BYTES = 64 * 1024;
export const DEFAULT_STATIC_DIR = join(PROJECT_ROOT, 'dist');
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export interface AppOptions {
  config: Config;
  db: Db;
  /** The clock, injectable so tests can move through session and rate-limit windows. */
  now?: () => Date;
  /** Fastify logger options; defaults to JSON logs at config.logLevel. `false` silences them. */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built app; null serves the API only. Defaults to dist/. */
  staticDir?: string | null;
  /** How often expired sessions and rate-limit rows are deleted; 0 turns it off. */
  purgeIntervalMs?: number;
}

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
      ],
      censor: '[redacted]',
    },
  };
}

/** One log line per request, when it completes (Fastify's default writes two). */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const url =
      request.originalUrl === request.url
        ? { url: request.url }
        : { url: request.url, rawUrl: request.originalUrl };
    const line = {
      req: { method: request.method, ...url, ip: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

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

function refuseMalformedRequest(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setSecurityHeaders(request, reply);
  // Its path could not be decoded, so whether it was an API path is unknown: never cache it.
  reply.header('cache-control', 'no-store');
  reply.header('x-request-id', request.id);
  request.log.info({ code: error.code }, 'malformed request refused');
  return reply.code(400).send({ error: 'La dirección de la petición no es válida' });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // Fastify accepts a hop count at run time; its typings only omit it.
    trustProxy: config.trustProxy as boolean | string | string[],
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new RequestLog({ requestIdLogLabel: 'reqId' }),
    return503OnClosing: true,
    // Malformed URLs (bad percent-encoding) never reach hooks or the error handler.
    frameworkErrors: refuseMalformedRequest as FastifyServerOptions['frameworkErrors'],
    // Every decision is made on the path the router matches: the target is decoded once, here,
    // before routing, so hooks, handlers and static files read the very path the router saw
    // (`/%61pi/dog` is `/api/dog` for all of them). Refusing encoded paths with 400 instead would
    // need a second definition of "canonical" that could drift from the router's, and would
    // break clients that legitimately encode characters; decoding the same way it does cannot.
    rewriteUrl: (req) => canonicalRequestTarget(req.url ?? '/'),
  });

  // Only JSON bodies: text/plain would otherwise be accepted by Fastify's default parser.
  app.removeContentTypeParser('text/plain');

  const users = createUserRepository(db);
  const dogs = createDogRepository(db);
  // On a shared PostgreSQL, caches check the data stamps through one coalesced query
  // (a query started after each request arrived) instead of one query per request.
  const stamps = db.kind === 'postgres' ? createCoalescer(() => readStamps(db)) : undefined;
  const sessionRepository = createSessionRepository(db);
  const sessions = createSessionService(
    stamps
      ? withSessionCache(sessionRepository, {
          stamp: async () => (await stamps.fresh()).sessions,
          now,
        })
      : sessionRepository,
    now,
    { maxPerUser: config.sessionsPerUser },
  );
  const limiter = createRateLimiter(createRateLimitRepository(db), now);
  const registry: AnyRouteSpec[] = [];

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    setSecurityHeaders(request, reply);
    checkSameOrigin(request);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.message });
    }
    const known = publicMessage(error);
    if (known) {
      request.log.info({ code: error.code, status: known.status }, 'request refused');
      return reply.code(known.status).send({ error: known.message });
    }
    // Anything else is our bug or the database's: log it all, reveal nothing.
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: MESSAGES.internal });
  });

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  const serveApp = hasBuiltApp(staticDir);
  // The embedded database's files must never be reachable as static files.
  if (serveApp && !config.databaseUrl)
    assertOutsideStaticRoot(staticDir, config.dataDir, 'DATA_DIR');

  app.setNotFoundHandler((request, reply) => {
    if (
      serveApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url)
    ) {
      // Client-side routes (/entrar, /registrarse…) survive a reload.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: MESSAGES.notFound });
  });

  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 keeps brotli cheap enough to run per response (11 would cost tens of ms).
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const router = createRouter(
    app,
    registry,
    (request, reply) => sessions.current(request, reply),
    limiter,
  );
  registerSessionRoutes({ router, config, users, sessions, limiter });
  registerUserRoutes({ router, config, users, limiter });
  const listCache = createListCache({
    ttlMs: config.dogListCacheMs,
    now,
    // Other processes may write to a shared PostgreSQL; an embedded DATA_DIR has only this one.
    currentVersion: stamps ? async () => (await stamps.fresh()).dogs : undefined,
  });
  registerDogRoutes({ router, config, dogs, listCache });
  registerSystemRoutes({ router, db, registry });

  if (serveApp) {
    registerLanding(app, {
      staticDir,
      listCache,
      dogs,
      currentSession: (request, reply) => sessions.current(request, reply),
    });
    await registerStatic(app, staticDir);
  }

  const purge = async () => {
    try {
      const [s, r] = await Promise.all([sessions.purgeExpired(), limiter.purgeExpired()]);
      if (s + r > 0) app.log.info({ sessions: s, rateLimits: r }, 'purged expired rows');
    } catch (error) {
      app.log.warn({ err: error }, 'purge of expired rows failed');
    }
  };
  const purgeEvery = options.purgeIntervalMs ?? PURGE_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // Started, not awaited: it runs on libuv's thread pool while the server starts listening, and
    // a login that comes first waits for the same computation.
    warmUpPasswords().catch((error: unknown) =>
      app.log.warn({ err: error }, 'password hashing warm-up failed'),
    );
    if (purgeEvery > 0) {
      timer = setInterval(purge, purgeEvery);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => clearInterval(timer));

  // While shutting down, answers in flight close their keep-alive connection, so the server
  // can stop as soon as they are sent instead of waiting for idle sockets to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.decorate('purgeExpired', purge);

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes expired sessions and rate-limit windows now (also runs periodically). */
    purgeExpired(): Promise<void>;
  }
}
