// Builds the Fastify application around an injected database and config, out of plugins: HTTP
// (error handling, security, compression), then each capability's plugin.ts, which decorates the
// app with its service, then the OpenAPI document and each capability's routes.ts, which reads
// the services from the app; last, the pages drawn on the server and the built app's files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accounts } from './account/plugin';
import { accountRoutes } from './account/routes';
import { adoption } from './adoption/plugin';
import { adoptionRoutes } from './adoption/routes';
import { alerts } from './alerts/plugin';
import { alertRoutes } from './alerts/routes';
import { backups } from './backup/plugin';
import type { Config } from './config';
import type { Db } from './db/db';
import { database } from './db/plugin';
import { dogs } from './dogs/plugin';
import { dogRoutes } from './dogs/routes';
import { favorites } from './favorites/plugin';
import { favoriteRoutes } from './favorites/routes';
import { followUp } from './follow-up/plugin';
import { followUpRoutes } from './follow-up/routes';
import { jobs } from './jobs/plugin';
import { jobRoutes } from './jobs/routes';
import { lostFound } from './lost-found/plugin';
import { lostFoundRoutes } from './lost-found/routes';
import { compression } from './http/compression';
import { errorHandler } from './http/error-handler';
import { shutdownRefusal } from './http/lifecycle';
import { security } from './http/security';
import { serverOptions } from './http/server-options';
import { mail } from './mail/plugin';
import type { Mailer } from './mail/mailer';
import { maintenance } from './maintenance';
import { moderation } from './moderation/plugin';
import { moderationRoutes } from './moderation/routes';
import { pages } from './pages/plugin';
import { hasBuiltPages } from './pages/renderer';
import { pageRoutes } from './pages/routes';
import { assertOutsideStaticRoot } from './pages/static';
import { PROJECT_ROOT } from './paths';
import { photos } from './photos/plugin';
import { photoRoutes } from './photos/routes';
import { rateLimiter } from './rate-limit/plugin';
import { seoRoutes } from './seo/routes';
import { auth } from './sessions/plugin';
import { sessionRoutes } from './sessions/routes';
import { orgs } from './orgs/plugin';
import { orgRoutes } from './orgs/routes';
import { openApi } from './system/openapi';
import { systemRoutes } from './system/routes';
import { userRoutes } from './users/routes';
import { zoneRoutes } from './zones/routes';

const DEFAULT_STATIC_DIR = join(PROJECT_ROOT, 'dist');
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** Uploaded photos that no dog uses after this long are deleted. */
export const UNATTACHED_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;

export interface AppOptions {
  config: Config;
  db: Db;
  /** The clock, injectable so tests can move through session and rate-limit windows. */
  now?: () => Date;
  /** Fastify logger options; defaults to JSON logs at config.logLevel. `false` silences them. */
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built app; null serves the API only. Defaults to dist/. */
  staticDir?: string | null;
  /**
   * How often expired sessions and rate-limit windows are deleted (a scheduled job, whole
   * minutes); 0 turns it off.
   */
  purgeIntervalMs?: number;
  /** The e-mail transport; defaults to SMTP_URL's server, or .eml files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** The schema the job queue keeps its tables in (default `pgboss`; tests use their own). */
  jobsSchema?: string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;

  const app = Fastify(serverOptions(config, options.logger));
  // Only JSON bodies: text/plain would otherwise be accepted by Fastify's default parser.
  app.removeContentTypeParser('text/plain');

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  const serveApp = hasBuiltPages(staticDir);
  // The embedded database's files must never be reachable as static files.
  if (serveApp && !config.databaseUrl)
    assertOutsideStaticRoot(staticDir, config.dataDir, 'DATA_DIR');
  // Nor the outbox's messages, which hold password reset links.
  if (serveApp && !config.mail.smtpUrl)
    assertOutsideStaticRoot(staticDir, config.mail.outboxDir, 'DATA_DIR/outbox');

  await app.register(errorHandler);
  await app.register(security);
  await app.register(shutdownRefusal);
  await app.register(compression);

  // Services: each decorates the app with what its routes (and other services) use.
  await app.register(database, { config, db, now: options.now ?? (() => new Date()) });
  await app.register(jobs, { schema: options.jobsSchema });
  await app.register(mail, { mailer: options.mailer });
  await app.register(rateLimiter);
  await app.register(auth);
  await app.register(dogs);
  await app.register(photos);
  await app.register(favorites);
  await app.register(moderation);
  await app.register(orgs);
  await app.register(accounts);
  await app.register(adoption);
  await app.register(lostFound);
  await app.register(alerts);
  await app.register(followUp, { schedule: (options.purgeIntervalMs ?? PURGE_INTERVAL_MS) > 0 });
  if (serveApp) await app.register(pages, { staticDir });
  await app.register(maintenance, {
    purgeIntervalMs: options.purgeIntervalMs ?? PURGE_INTERVAL_MS,
    unattachedPhotoTtlMs: UNATTACHED_PHOTO_TTL_MS,
  });
  // The embedded database in a DATA_DIR backs itself up; PostgreSQL has pg_dump (README).
  if (!config.databaseUrl && db.dump && existsSync(config.dataDir))
    await app.register(backups, {
      dataDir: config.dataDir,
      dir: config.backup.dir,
      intervalS: config.backup.intervalS,
      keep: config.backup.keep,
    });

  // Routes, in the order the OpenAPI document lists them: it documents each one as it is
  // registered, so it comes first.
  await app.register(openApi);
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(dogRoutes);
  await app.register(photoRoutes);
  await app.register(favoriteRoutes);
  await app.register(moderationRoutes);
  await app.register(accountRoutes);
  await app.register(adoptionRoutes);
  await app.register(alertRoutes);
  await app.register(lostFoundRoutes);
  await app.register(orgRoutes);
  await app.register(followUpRoutes);
  await app.register(jobRoutes);
  await app.register(systemRoutes);
  await app.register(zoneRoutes);
  await app.register(seoRoutes);
  // Every other GET: a file of the build, or a page drawn on the server.
  if (serveApp) await app.register(pageRoutes);
  return app;
}
