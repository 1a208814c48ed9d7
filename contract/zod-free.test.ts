import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The contract files a file imports as values (type-only imports leave nothing in the bundle), through the
 * web's `@contract/` alias or a relative path.
 */
function contractValueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^import (?!type )[^;]*? from '([^']*contract\/[^']+)';/gms)].map(([, path]) =>
    (path!.startsWith('@contract/')
      ? join(root, 'contract', path!.slice('@contract/'.length))
      : resolve(join(file, '..'), path!)
    ).replace(/(\.js)?$/, '.ts'),
  );
}

describe('the contract files the web app bundles', () => {
  it('do not import zod, so zod stays out of the browser bundle', () => {
    const bundled = files(join(root, 'web/src'))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap(contractValueImports);
    expect(bundled.length).toBeGreaterThan(0);
    const withZod = [...new Set(bundled)].filter((file) => /from 'zod'/.test(readFileSync(file, 'utf8')));
    expect(withZod).toEqual([]);
  });
});
