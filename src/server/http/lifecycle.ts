// How the HTTP server treats slow clients and a shutdown.
//
// Timeouts: a client that trickles its headers or body, or sits on an idle connection, is cut
// off after config.httpTimeouts, so slow or stalled clients cannot pile up open connections.
// Node checks the header and request deadlines every CHECK_INTERVAL_MS.
//
// Shutdown: once the server starts closing (SIGTERM), requests already being handled finish;
// a request arriving on a connection that is still open gets a Spanish 503 with
// `Connection: close` instead of Fastify's English one, and new connections are refused.
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

const CHECK_INTERVAL_MS = 1_000;
export const SHUTTING_DOWN_MESSAGE =
  'El servidor se está reiniciando; inténtalo de nuevo en unos segundos';

/** Fastify options for the timeouts in `config`. */
export function httpServerOptions(config: Config): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
  return503OnClosing: boolean;
} {
  const t = config.httpTimeouts;
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, t.headersMs),
    },
    // Refused in Spanish below instead.
    return503OnClosing: false,
  };
}

export const shutdownRefusal = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      return reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ error: SHUTTING_DOWN_MESSAGE });
    });
  },
  { name: 'shutdown-refusal' },
);
