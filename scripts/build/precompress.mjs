// Writes a brotli (quality 11) and a gzip (level 9) copy next to every text file of the built app
// worth compressing, so the server sends them as they are (@fastify/static's preCompressed)
// instead of compressing per request, and at ratios too slow to reach per request.
//
//   node scripts/build/precompress.mjs [dir]   (default dist; run by `npm run build` after
//                                              `vite build`, and by `npm start` when it builds)
//
// Files under 1 KiB are left alone (the headers would cost more than the bytes saved), and so is
// any copy that would not be smaller than its original; a stale copy from an earlier build of
// such a file is removed, so a client can never be sent old content.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** One compressed copy, or its removal when it would not be smaller. Returns the bytes written. */
async function writeCopy(path, original, compress) {
  const copy = await compress(original);
  if (copy.length >= original.length) {
    await rm(path, { force: true });
    return 0;
  }
  await writeFile(path, copy);
  return copy.length;
}

export async function precompress(dir) {
  const files = await filesUnder(dir);
  let written = 0;
  // zlib runs on libuv's thread pool: the files are compressed in parallel.
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) {
        await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
        return;
      }
      const sizes = await Promise.all([
        writeCopy(`${file}.br`, data, (d) =>
          brotli(d, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: d.length,
            },
          }),
        ),
        writeCopy(`${file}.gz`, data, (d) => gz(d, { level: 9 })),
      ]);
      written += sizes.filter((s) => s > 0).length;
    }),
  );
  return { files: files.length, written };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dir = resolve(process.argv[2] ?? join(root, 'dist'));
  try {
    const { files, written } = await precompress(dir);
    console.log(`Precompressed ${dir}: ${written} .br/.gz copies for ${files} text files`);
  } catch (error) {
    console.error(`Could not precompress ${dir}: ${error.message}`);
    process.exit(1);
  }
}
