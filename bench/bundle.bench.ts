// The first visit to `/`, measured through the real server as a browser asks for it (Accept-Encoding:
// br, gzip): the document, its stylesheets and scripts (entry, modulepreloads, and the chunks those import
// statically), headers and bodies as they arrive. Lazy screens are fetched later and do not count.
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Bench, startBenchServer } from './bench.js';
import { report } from './figures.js';

export const webRoot = fileURLToPath(new URL('../dist/web/', import.meta.url));

interface Transfer {
  /** Status line, headers and body, as sent. */
  wireBytes: number;
  encoding: string;
  text: string;
}

/** One GET as a browser would send it, counting what came over the socket. */
function get(url: string, acceptEncoding: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const headerBytes =
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length +
          // Each name is followed by ": " and each value by CRLF: two bytes each; a blank line ends them.
          res.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) +
          2;
        const plain =
          encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ wireBytes: headerBytes + body.length, encoding, text: plain.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Stylesheets, scripts and modulepreloads of the page, as absolute paths. */
function pageAssets(html: string): string[] {
  return [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="(?:stylesheet|modulepreload)"[^>]*\bhref="([^"]+)"/g),
  ]
    .map((match) => match[1] ?? '')
    .filter((url) => url.startsWith('/'));
}

/** Static imports (`import … from "./x.js"`, `import "./x.js"`) of a chunk; dynamic `import()` is lazy. */
function staticImports(path: string, code: string): string[] {
  const found = code.matchAll(/\bimport\s*(?:[\w$*{},\s]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g);
  return [...found].map((match) => posix.join(posix.dirname(path), match[1] ?? ''));
}

/** What the browser fetches before it can show `/`, each file with its bytes on the wire. */
export async function firstVisit(baseUrl: string, acceptEncoding: string) {
  const page = await get(`${baseUrl}/`, acceptEncoding);
  const files = [{ path: '/', ...page }];
  const queue = pageAssets(page.text);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    const asset = await get(`${baseUrl}${path}`, acceptEncoding);
    files.push({ path, ...asset });
    if (path.endsWith('.js')) queue.push(...staticImports(path, asset.text));
  }
  return files;
}

// KB of 1000 bytes, the stricter reading of the goal (Vite's build report uses the same unit).
const kb = (bytes: number) => bytes / 1000;

async function run() {
  if (!existsSync(`${webRoot}index.html`))
    throw new Error('No build at dist/web: run `npm run build` first.');
  const server = await startBenchServer(
    { email: 'visit@example.com', password: 'bench kettle rainfall' },
    webRoot,
  );
  try {
    const plain = await firstVisit(server.url, 'identity');
    const compressed = await firstVisit(server.url, 'br, gzip');
    for (const file of compressed) {
      console.log(
        `  ${file.path.padEnd(44)} ${kb(file.wireBytes).toFixed(1).padStart(7)} KB ${file.encoding.padEnd(8)} (${kb(plain.find((p) => p.path === file.path)?.wireBytes ?? 0).toFixed(1)} KB uncompressed)`,
      );
    }
    const total = (files: Transfer[]) => kb(files.reduce((sum, file) => sum + file.wireBytes, 0));
    report('firstVisit', total(compressed), `(${total(plain).toFixed(1)} KB without compression)`);
  } finally {
    await server.close();
  }
}

export const bundleBench: Bench = { name: 'bundle', run };
