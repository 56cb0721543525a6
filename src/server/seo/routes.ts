// Files for search engines and link previews: /robots.txt and /sitemap.xml (the public pages and
// every available dog's page, open lost and found report and organization's page), with absolute URLs on the site's public origin.
import type { FastifyInstance } from 'fastify';
import { siteOrigin } from '../config';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function seoRoutes(app: FastifyInstance) {
  const hide = { schema: { hide: true } };

  app.get('/robots.txt', hide, async (_request, reply) => {
    const origin = siteOrigin(app.config);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          // Private or per-visitor pages: nothing to index there.
          'Disallow: /api/',
          'Disallow: /cuenta',
          'Disallow: /entrar',
          'Disallow: /registrarse',
          'Disallow: /recuperar',
          // Older alert unsubscribe links, token in the path (the page itself has none).
          'Disallow: /alertas/cancelar/',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const origin = siteOrigin(app.config);
    // Pages every visitor may see, besides the dogs', reports' and organizations': the build's
    // routes marked for the sitemap (none where the server draws no pages).
    const publicPages = app.hasDecorator('pages') ? await app.pages.publicPages() : [];
    const dogs = await app.dogs.availableForSitemap(SITEMAP_MAX_URLS - publicPages.length);
    // Open lost and found reports, in what room is left.
    const reports = await app.lostFound.sitemapEntries(
      Math.max(0, SITEMAP_MAX_URLS - publicPages.length - dogs.length),
    );
    // Organizations' pages, verified or not, in what room is left.
    const orgs = await app.orgs.sitemapEntries(
      Math.max(0, SITEMAP_MAX_URLS - publicPages.length - dogs.length - reports.length),
    );
    const url = (path: string, lastmod?: string) =>
      `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...publicPages.map((path) => url(path)),
      ...dogs.map((dog) => url(`/perros/${dog.id}`, dog.updated_at)),
      ...reports.map((r) => url(`/perdidos/${r.id}`, new Date(r.updated_at).toISOString())),
      ...orgs.map((o) => url(`/fundaciones/${o.slug}`, new Date(o.updated_at).toISOString())),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(body);
  });
}
