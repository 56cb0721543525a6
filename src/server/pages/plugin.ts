// Decorates the app with the page renderer (pages/renderer.ts) of the build in `staticDir`. The
// pages' route (pages/routes.ts) draws with it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPageRenderer, type PageRenderer } from './renderer';

export interface PagesOptions {
  /** A complete build's browser files (hasBuiltPages). */
  staticDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: PageRenderer;
  }
}

export const pages = fp<PagesOptions>(
  async (app: FastifyInstance, { staticDir }) => {
    app.decorate('pages', createPageRenderer(app, staticDir));
  },
  { name: 'pages', dependencies: ['database', 'security'] },
);
