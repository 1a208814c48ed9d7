// The JavaScript that `/` makes the browser fetch before anything shows, gzip-compressed: the entry script of
// dist/web/index.html, its modulepreload links, and the chunks those import statically. Lazy screens are
// fetched later and do not count. Run alone: `npx tsx bench/bundle.bench.ts` (after `npm run build`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Bench } from './bench.js';

export const FIRST_LOAD_GOAL_KB = 90;

const webRoot = fileURLToPath(new URL('../dist/web/', import.meta.url));

// kB of 1000 bytes, the stricter reading of the goal (Vite's build report uses the same unit).
const kb = (bytes: number) => bytes / 1000;
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Script and modulepreload URLs of the page, as paths under the web root. */
function pageScripts(html: string): string[] {
  const urls = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  return urls.filter((url) => url.startsWith('/')).map((url) => url.slice(1));
}

/** Static imports (`import … from "./x.js"`, `import "./x.js"`) of a built chunk; dynamic `import()` is lazy. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(webRoot, file), 'utf8');
  const found = code.matchAll(/\bimport\s*(?:[\w$*{},\s]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g);
  return [...found].map((match) => posix.join(posix.dirname(file), match[1] ?? ''));
}

export function firstLoadFiles(): string[] {
  const queue = pageScripts(readFileSync(join(webRoot, 'index.html'), 'utf8'));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen];
}

/** Prints the first-load figure against the goal, and against all the app's JavaScript (the same build). */
export function run(): { firstLoadKb: number; allKb: number } {
  if (!existsSync(join(webRoot, 'index.html'))) {
    throw new Error('No build at dist/web: run `npm run build` first.');
  }
  const files = firstLoadFiles();
  const firstLoad = kb(files.reduce((sum, file) => sum + gzipBytes(join(webRoot, file)), 0));
  const assets = join(webRoot, 'assets');
  const all = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const allKb = kb(all.reduce((sum, name) => sum + gzipBytes(join(assets, name)), 0));
  const verdict = firstLoad <= FIRST_LOAD_GOAL_KB ? 'within' : 'OVER';
  console.log(`bundle: first load of / = ${firstLoad.toFixed(1)} kB gzip (${files.join(', ')})`);
  console.log(
    `bundle: ${(firstLoad / FIRST_LOAD_GOAL_KB).toFixed(2)}× the ${FIRST_LOAD_GOAL_KB} kB goal (${verdict}); ` +
      `${((firstLoad / allKb) * 100).toFixed(0)}% of all ${all.length} chunks (${allKb.toFixed(1)} kB gzip)`,
  );
  return { firstLoadKb: firstLoad, allKb };
}

export const bundleBench: Bench = { name: 'bundle', run: async () => void run() };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run();
}
