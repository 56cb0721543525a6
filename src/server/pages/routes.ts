// Every GET the API and the other routes leave: a file of the build when there is one, otherwise
// a page drawn on the server (any unknown path too: the app's router decides what it shows).
// Unknown /api paths stay JSON 404s, and other methods never reach here.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isApiPath } from '../http/security';
import { FILE_PATH, staticFiles } from './static';

/**
 * The path a URL names in the build, decoded as the static file server decodes it, when it may be
 * a file there (it has an extension); undefined when it is a page.
 */
function filePathOf(url: string): string | undefined {
  const query = url.indexOf('?');
  let path: string;
  try {
    path = decodeURI(query === -1 ? url : url.slice(0, query));
  } catch {
    return undefined;
  }
  return FILE_PATH.test(path) ? path : undefined;
}

/**
 * Whether the static file server has to answer for `path`: a regular file in `root`, or a path it
 * refuses itself (one that climbs out of the root, or holds a NUL). A missing file or a
 * directory is a page.
 */
async function isServedAsFile(root: string, path: string): Promise<boolean> {
  if (path.includes('\u0000') || path.split(/[\\/]/).includes('..')) return true;
  try {
    return (await stat(join(root, path))).isFile();
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

export async function pageRoutes(app: FastifyInstance) {
  const { pages } = app;
  await app.register(staticFiles, { root: pages.staticDir });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    // A file whose client went away mid-transfer: nothing is left to answer.
    errorHandler(error: FastifyError, request, reply) {
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
        request.raw.destroy();
        return;
      }
      return app.errorHandler(error, request, reply);
    },
    handler: async (request, reply) => {
      const file = filePathOf(request.url);
      if (file !== undefined && (await isServedAsFile(pages.staticDir, file)))
        return reply.sendFile(file);
      if (isApiPath(request.url)) return reply.callNotFound();
      return pages.render(request, reply);
    },
  });
}
