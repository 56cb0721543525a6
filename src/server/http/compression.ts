// Compresses answers built per request (API JSON, HTML pages); the built app's files are
// compressed once at build time instead (static.ts), and the dog list cache's pages once per page
// (cached-json.ts: routes declared with `ownCompression` leave this plugin out).
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers are sent as they are: compressing them saves too little. */
export const COMPRESSION_THRESHOLD = 1024;

export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD,
      encodings: ['br', 'gzip'],
      // Quality 4 keeps brotli cheap enough to run per response (11 would cost tens of ms).
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
