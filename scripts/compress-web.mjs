// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built web app, so the
// server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
// index.html is left out: the server fills it with settings and compresses each page at its first request.
// Usage: node scripts/compress-web.mjs [folder]   (default dist/web; run by `npm run build:web`)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    // .vite holds the build's manifest, which is never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(path);
    } else yield path;
  }
}

export function compressWebAssets(root) {
  const written = [];
  for (const path of files(root)) {
    if (!COMPRESSIBLE.test(path) || relative(root, path) === 'index.html') continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    // A copy no smaller than the file would only cost the client a decompression.
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
    written.push(relative(root, path));
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../dist/web', import.meta.url));
  console.log(`compressed ${compressWebAssets(root).length} files of ${root} (brotli and gzip)`);
}
