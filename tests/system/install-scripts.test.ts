import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// npm 11.16 and later print the installed packages whose install scripts `allowScripts` in package.json does
// not name; npm 12 skips those scripts, and better-sqlite3 without its build cannot open a database
// (decision 206). Every installed package that has an install script is named, and nothing else is.
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** The names of the packages under `folder` (nested node_modules too) that run a script when installed. */
function packagesWithInstallScripts(folder: string, found = new Set<string>()): Set<string> {
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder)) {
    if (entry.startsWith('.')) continue;
    const path = join(folder, entry);
    if (entry.startsWith('@')) {
      packagesWithInstallScripts(path, found);
      continue;
    }
    const manifestPath = join(path, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const scripts = manifest.scripts ?? {};
    // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
    const gyp = !scripts.install && !scripts.preinstall && existsSync(join(path, 'binding.gyp'));
    if (gyp || INSTALL_SCRIPTS.some((name) => scripts[name])) found.add(manifest.name ?? entry);
    packagesWithInstallScripts(join(path, 'node_modules'), found);
  }
  return found;
}

it("names in package.json's allowScripts exactly the installed packages that have install scripts", () => {
  const { allowScripts = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const installed = [...packagesWithInstallScripts(join(root, 'node_modules'))].sort();
  expect(installed).toContain('better-sqlite3');
  expect(Object.keys(allowScripts).sort()).toEqual(installed);
  expect(Object.values(allowScripts).every((allowed) => allowed)).toBe(true);
});
