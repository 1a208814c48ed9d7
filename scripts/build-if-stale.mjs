// Builds the app when there is no build, or when a source file is newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');
const SOURCES = [
  'contract',
  'server',
  'web',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.server.json',
  // The build's own steps after Vite (npm run build:web).
  'scripts/prerender-web.mjs',
  'scripts/compress-web.mjs',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

export function buildIfStale() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((source) => newestChange(join(root, source))));
  if (built >= changed) return;
  console.log(built ? 'Sources changed since the last build: building…' : 'No build yet: building the app…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
}
