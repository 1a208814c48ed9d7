import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  killGroup,
  portIsFree,
  signalAndWait,
  startNpm,
  waitForReady,
  type NpmProcess,
} from '../support/npm-process.js';
import { ensureBuild, freePort } from '../support/server-process.js';

// The Dockerfile's run stage without Docker (none can be built here; DESIGN section 17, decision 161): the
// built app, package.json and the lock file in a scratch folder, `npm ci --omit=dev` there, then
// `npm run serve` as an unprivileged user (nobody) who can read the app but write only its data folder, with
// no home folder to write either. It must answer /readyz and stop gracefully on a signal sent to npm alone.
const root = fileURLToPath(new URL('../..', import.meta.url));
const NOBODY = 65534;
const EXIT_DEADLINE_MS = 30_000;
/** What the Dockerfile's run stage copies besides node_modules (keep the two lists alike). */
const RUN_STAGE_FILES = [
  'package.json',
  'package-lock.json',
  'dist',
  'scripts/serve.mjs',
  'scripts/start.mjs',
  'scripts/build-if-stale.mjs',
  'scripts/restore.mjs',
];

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => filesUnder(join(path, entry)));
}

/**
 * Every package the server may load at run time: what its sources (server/, contract/; not tests) import,
 * statically, through import() or a require() made with createRequire, and what the run-time scripts import.
 * The build bundles most of them into dist/server/server.js; the rest (native modules and those loaded when
 * needed) it leaves to node_modules, and refuses a package outside dependencies (decision 171).
 */
function packagesImportedAtRunTime(): string[] {
  const files = [
    ...filesUnder(join(root, 'server')).filter((file) => !file.includes('/server/test/')),
    ...filesUnder(join(root, 'contract')),
    ...RUN_STAGE_FILES.filter((file) => file.startsWith('scripts/')).map((file) => join(root, file)),
  ].filter((file) => /\.(m?js|ts)$/.test(file) && !file.endsWith('.test.ts'));
  const names = new Set<string>();
  const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
  for (const file of files) {
    // Type-only imports are gone at run time.
    const code = readFileSync(file, 'utf8').replace(/\bimport\s+type\s[^;]*;/g, '');
    for (const [, name = ''] of code.matchAll(specifier)) {
      if (name.startsWith('.') || name.startsWith('/') || name.startsWith('node:')) continue;
      if (builtinModules.includes(name)) continue;
      const parts = name.split('/');
      names.add(name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return [...names].sort();
}

function run(command: string, args: string[], options: Parameters<typeof spawnSync>[2]) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
}

let scratch = '';
let bin = '';

beforeAll(() => {
  // The build is made once, where the dev dependencies are (the Dockerfile's build stage).
  ensureBuild();
  scratch = mkdtempSync(join(tmpdir(), 'bullapp-production-'));
  chmodSync(scratch, 0o755);
  for (const file of RUN_STAGE_FILES) cpSync(join(root, file), join(scratch, file), { recursive: true });
  // The run stage's install, with the machine's npm cache (as root, like the Dockerfile's RUN). No package
  // needs an install script: better-sqlite3 13 ships its Node-API binaries in the package.
  run(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: scratch, env: process.env, stdio: 'pipe' },
  );
  // The data folder is the one place the app may write (the image's volume).
  mkdirSync(join(scratch, 'data'));
  chownSync(join(scratch, 'data'), NOBODY, NOBODY);
  // This Node where nobody can run it (it may live under root's home, as scripts/use-node-24.sh puts it).
  bin = mkdtempSync(join(tmpdir(), 'bullapp-production-bin-'));
  chmodSync(bin, 0o755);
  const node = join(bin, 'node');
  try {
    linkSync(process.execPath, node);
  } catch {
    copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
  }
}, 600_000);

afterAll(() => {
  for (const folder of [scratch, bin]) if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the production install (the Dockerfile run stage, without Docker)', () => {
  it('has every package the server imports at run time in dependencies, and nothing dev-only', () => {
    const imported = packagesImportedAtRunTime();
    expect(imported).toContain('fastify');
    const devOnly = imported.filter((name) => !(name in manifest.dependencies));
    expect(devOnly, 'imported at run time but not in dependencies').toEqual([]);
  });

  it('installs no dev dependency and every package the server imports', () => {
    for (const name of ['vite', 'vitest', 'typescript', '@playwright/test', 'parse-prometheus-text-format'])
      expect(existsSync(join(scratch, 'node_modules', name)), `${name} installed`).toBe(false);
    const missing = packagesImportedAtRunTime().filter(
      (name) => !existsSync(join(scratch, 'node_modules', name, 'package.json')),
    );
    expect(missing, 'imported at run time but not installed by npm ci --omit=dev').toEqual([]);
  });

  let npm: NpmProcess | undefined;
  afterEach(() => {
    killGroup(npm);
    npm = undefined;
    rmSync(join(scratch, 'data'), { recursive: true, force: true });
    mkdirSync(join(scratch, 'data'));
    chownSync(join(scratch, 'data'), NOBODY, NOBODY);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '`npm run serve` as an unprivileged user answers /readyz, then stops gracefully on %s sent to npm alone',
    async (signal) => {
      const port = await freePort();
      npm = startNpm(
        'setpriv',
        [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', 'npm', 'run', 'serve'],
        {
          cwd: scratch,
          env: {
            PATH: `${bin}:${process.env.PATH ?? ''}`,
            // As in the image: a home nobody can write, so npm must not need one.
            HOME: '/nonexistent',
            NPM_CONFIG_UPDATE_NOTIFIER: 'false',
            NPM_CONFIG_LOGS_MAX: '0',
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            LOG_LEVEL: 'info',
          },
        },
      );
      await waitForReady(`http://127.0.0.1:${port}`, npm, 60_000);
      // The database went where the volume is, made by the unprivileged user.
      expect(statSync(join(scratch, 'data', 'app.sqlite')).uid).toBe(NOBODY);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

      const outcome = await signalAndWait(npm, signal, EXIT_DEADLINE_MS);
      const output = npm.output();
      expect(outcome, output).toEqual([0, null]);
      expect(output).toContain('shutting down');
      expect(await portIsFree(port), `port ${port} still taken after npm ended`).toBe(true);
    },
    EXIT_DEADLINE_MS + 90_000,
  );
});
