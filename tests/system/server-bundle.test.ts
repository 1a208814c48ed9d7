import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
});
