// Processes the demo dogs' extra photos (from their illustrations in public/demo-dogs) into
// build/demo-photos.json, which the demo seed copies into a new database: the encoding (seconds
// of AVIF work) happens here, once, instead of on a first start. Run by `npm run build` and by
// `npm start` with the server build.
//
//   node scripts/build/demo-photos.mjs [outFile]
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = resolve(process.argv[2] ?? join(root, 'build', 'demo-photos.json'));

register();
const { makeDemoPhotos } = await import('../../src/server/seed/demo-photos.ts');

const photos = await makeDemoPhotos(join(root, 'public'));
mkdirSync(dirname(out), { recursive: true });
// Written beside its place and renamed into it, so a starting server never reads half a file.
const tmp = `${out}.tmp-${process.pid}`;
writeFileSync(tmp, JSON.stringify(photos));
renameSync(tmp, out);
