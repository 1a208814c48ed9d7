// Builds the app when there is no build, or when the sources differ from those the last build was made from.
// `npm run build` ends by recording a digest of the sources' contents in dist/build-info.json (this file, run
// with `--record`); a start compares the digest of the sources now with it. Contents, not file times: a fresh
// checkout, a `git checkout` back and forth or a copy gives files new times but the same contents, and must not
// rebuild (about 30 s before /readyz). Where there are no sources (an image or folder with the build and
// production dependencies only), the build there is used as it is. Decision 161.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const info = join(root, 'dist', 'build-info.json');
const SOURCES = [
  'contract',
  'server',
  'web',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.server.json',
  // The build's own steps: after Vite (npm run build:web), and the server's bundle (npm run build:server).
  'scripts/prerender-web.mjs',
  'scripts/compress-web.mjs',
  'scripts/build-server.mjs',
];

function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((entry) => entry !== 'node_modules' && entry !== 'dist')
    .sort()
    .flatMap((entry) => filesOf(join(path, entry)));
}

/** SHA-256 over every source file's path and contents, in a fixed order. */
export function sourceDigest() {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesOf(join(root, source)))) {
    hash.update(relative(root, file).split('\\').join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** What the build in dist/ was made from, or null when there is none (or it predates build-info.json). */
function recorded() {
  try {
    return JSON.parse(readFileSync(info, 'utf8')).sources ?? null;
  } catch {
    return null;
  }
}

/** Writes dist/build-info.json: the digest of the sources the build was just made from. */
export function recordBuild() {
  writeFileSync(
    info,
    `${JSON.stringify({ sources: sourceDigest(), builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

export function buildIfStale() {
  const built = existsSync(join(root, 'dist', 'server', 'main.js')) ? recorded() : null;
  // A folder with the build but no sources (the Dockerfile's run stage): nothing to compare or build from.
  if (built && !existsSync(join(root, 'server'))) return;
  if (built && built === sourceDigest()) return;
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building the app…');
  // Always a production build, also when a test runner (NODE_ENV=test) asks for it: Vite would otherwise
  // bundle React's development build, and the digest would keep that build as good.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--record')) recordBuild();
