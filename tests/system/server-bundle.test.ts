import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../support/server-process.js';

// The built server is one bundle, dist/server/server.js, whose source map keeps our own code's mappings only
// (scripts/build-server.mjs, decision 171).
const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = join(root, 'dist', 'server', 'server.js');

beforeAll(ensureBuild, 600_000);

/** Where `text` first appears in the bundle, as source maps count: line and column from 0. */
function positionOf(text: string): { line: number; column: number } {
  const lines = readFileSync(bundle, 'utf8').split('\n');
  const line = lines.findIndex((candidate) => candidate.includes(text));
  if (line === -1) throw new Error(`${text} is not in the bundle`);
  return { line, column: lines[line]!.indexOf(text) };
}

describe('the server bundle', () => {
  const map = () => new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as never);

  it('maps our code back to its TypeScript source and line', () => {
    const { line, column } = positionOf('shutting down: finishing requests in flight');
    const entry = map().findEntry(line, column) as { originalSource?: string; originalLine?: number };
    expect(entry.originalSource).toMatch(/\/server\/main\.ts$/);
    const source = readFileSync(join(root, 'server', 'main.ts'), 'utf8').split('\n');
    expect(source[entry.originalLine!]).toContain('shutting down: finishing requests in flight');
  });

  it('maps a bundled package to no source rather than to the nearest line of ours', () => {
    const { line, column } = positionOf('function fastify(serverOptions)');
    expect(map().findEntry(line, column)).not.toHaveProperty('originalSource');
  });

  it('names the TypeScript source in a stack trace of the built entry', () => {
    // The entry turns source maps on before loading the bundle; a bad setting then ends the start early,
    // and the error printed with its stack shows where it was thrown.
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        "process.on('exit', () => console.error(new Error('where').stack)); require(process.argv[1]);",
        join(root, 'dist', 'server', 'main.js'),
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', PORT: 'not a port' } },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toMatch(/server\/main\.ts:\d+:\d+/);
  });

  it('keeps the compiled bundle in Node’s compile cache, in the temporary folder unless told otherwise', () => {
    // Decision 209: the entry turns the cache on itself (no NODE_COMPILE_CACHE here), so a later start
    // skips compiling the bundle. A bad setting ends the start once the bundle has run.
    const folder = mkdtempSync(join(tmpdir(), 'bullapp-compile-cache-'));
    try {
      const run = spawnSync(process.execPath, [join(root, 'dist', 'server', 'main.js')], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', PORT: 'not a port', TMPDIR: folder },
      });
      expect(run.status).toBe(1);
      const cache = join(folder, 'node-compile-cache');
      const entries = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) =>
        entry.isFile(),
      );
      // The bundle's own entry is its compiled code: hundreds of kilobytes (a few small ones are Node's).
      const largest = Math.max(...entries.map((entry) => statSync(join(entry.parentPath, entry.name)).size));
      expect(largest).toBeGreaterThan(200_000);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
