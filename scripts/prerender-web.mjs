// Prerenders the public pages of the built web app, so a phone on a slow network paints their HTML and
// styles before the script has arrived. Writes dist/web/pages/<name>.html (the built index.html with the
// page's markup in #root) and dist/web/pages/pages.json (route name → file) for the server, which fills the
// settings' markers, the page's title and description, and serves each at its route's paths, the
// not-found page at every unknown path (server/web/web.routes.ts). Run by `npm run build:web`.
// The markup sits in a disabled fieldset until the script replaces it: nothing can be typed or pressed in
// a form that would lose it, while links work as plain links.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = '<div id="root"></div>';

const repo = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(repo, 'dist', 'web');
const ssrOut = join(repo, 'dist', 'prerender');

await build({
  configFile: join(repo, 'web', 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true },
});
const { prerender, PRERENDERED } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);

const manifest = JSON.parse(readFileSync(join(webRoot, '.vite', 'manifest.json'), 'utf8'));

/** The chunk of a screen and the chunks it imports, but not the entry (the page loads it anyway). */
function chunksOf(source, seen = new Set()) {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The build has no chunk for ${source}: is it still a lazy screen?`);
  if (chunk.isEntry || seen.has(chunk.file)) return [];
  seen.add(chunk.file);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((name) => chunksOf(name, seen))];
}

const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
if (!template.includes(ROOT)) throw new Error(`dist/web/index.html has no ${ROOT} to fill`);
// The server writes each page's own title and description there, prerendered pages too.
for (const marker of ['<title>__PAGE_TITLE__</title>', 'content="__PAGE_DESCRIPTION__"'])
  if (!template.includes(marker)) throw new Error(`dist/web/index.html has no ${marker} to fill`);
const pages = join(webRoot, 'pages');
rmSync(pages, { recursive: true, force: true });
mkdirSync(pages);
const files = {};
for (const [name, { path, file, screen, fetches = [] }] of Object.entries(PRERENDERED)) {
  const markup = await prerender(path);
  // `crossorigin` (anonymous) matches the app's own requests (mode cors, credentials same-origin).
  const preloads = [
    ...(screen ? chunksOf(screen) : []).map(
      (chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`,
    ),
    ...fetches.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
  ];
  const html = template
    .replace('  </head>', `${preloads.map((link) => `    ${link}\n`).join('')}  </head>`)
    .replace(ROOT, `<div id="root"><fieldset disabled data-prerendered>${markup}</fieldset></div>`);
  writeFileSync(join(pages, `${file}.html`), html);
  files[name] = `${file}.html`;
}
writeFileSync(join(pages, 'pages.json'), `${JSON.stringify(files, null, 2)}\n`);
rmSync(ssrOut, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(files).join(', ')} into ${pages}`);
