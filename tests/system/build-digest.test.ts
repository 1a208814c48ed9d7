import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { ensureBuild } from '../support/server-process.js';

// `npm start` rebuilds when the sources' contents differ from those the build was made from, not when their
// file times do: a fresh checkout of the same code must not spend half a minute building (decision 161).
const root = fileURLToPath(new URL('../..', import.meta.url));

beforeAll(ensureBuild, 600_000);

it('records what the build was made from, and a source with a new file time but the same contents does not rebuild', () => {
  const info = JSON.parse(readFileSync(join(root, 'dist', 'build-info.json'), 'utf8')) as { sources: string };
  expect(info.sources).toMatch(/^[0-9a-f]{64}$/);

  const source = join(root, 'server', 'main.ts');
  const { atime, mtime } = statSync(source);
  const later = new Date(Date.now() + 60_000);
  utimesSync(source, later, later);
  try {
    const start = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(start.status).toBe(0);
    expect(start.stdout + start.stderr).not.toContain('building');
  } finally {
    utimesSync(source, atime, mtime);
  }
});
