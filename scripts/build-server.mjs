// `npm run build:server`: bundles the server (server/main.ts, contract/ and the packages they import) into
// one CommonJS file, dist/server/server.js, which starts in about half the time of the ~1,100 ES modules it
// replaces (the cold-start figure, decision 171). Left out and loaded from node_modules at run time: native
// modules, and the packages the server loads only when the configuration or a call needs them.
//
// Stack traces still name the TypeScript sources: dist/server/main.js (the entry) turns Node's source maps on
// before it loads the bundle, whose map keeps the mappings of our own code only. The packages' mappings would
// make the map six times the size, and Node decodes a whole map at the first stack trace it maps (pino takes
// one at start): their frames name the bundle's lines instead.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'server');

/** Required from node_modules at run time, so installed by `npm ci --omit=dev` (they are dependencies). */
export const EXTERNAL = [
  // Native: a compiled .node file beside their JavaScript.
  'better-sqlite3',
  '@node-rs/argon2',
  // Loaded when needed (decisions 161 and 171): bundled, every start would parse them.
  '@simplewebauthn/server',
  '@zxcvbn-ts/language-common',
  'ioredis',
  'nodemailer',
  'openid-client',
  'pg',
  'pino-pretty',
  'prom-client',
  'qrcode',
];
/** ws's optional native helpers, required inside a try block: used when installed, never needed. */
const OPTIONAL = ['bufferutil', 'utf-8-validate'];

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every installed copy of each package, by name and version: `name@version` → its folders, sorted. */
function installedCopies(modules = join(root, 'node_modules'), copies = new Map()) {
  if (!existsSync(modules)) return copies;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const folders = entry.startsWith('@')
      ? readdirSync(join(modules, entry)).map((name) => join(modules, entry, name))
      : [join(modules, entry)];
    for (const folder of folders) {
      const manifest = join(folder, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
      const key = `${name}@${version}`;
      copies.set(key, [...(copies.get(key) ?? []), folder].sort());
      installedCopies(join(folder, 'node_modules'), copies);
    }
  }
  return copies;
}

/**
 * One copy of each package version in the bundle. npm nests a copy of a package under each package that
 * needs a version other than the top-level one: ajv 8 sits three times under fast-json-stringify,
 * ajv-formats and @fastify/ajv-compiler (the top-level ajv is ESLint's 6), and bundled as found, each copy
 * would be parsed and run at every start. Every import of a copy goes to the first of that version's folders.
 */
const onePackageCopy = {
  name: 'one-package-copy',
  setup(build) {
    const canonical = new Map();
    for (const folders of installedCopies().values())
      for (const folder of folders.slice(1)) canonical.set(folder, folders[0]);
    build.onResolve({ filter: /^[^./]/ }, async ({ path, importer, kind, resolveDir, pluginData }) => {
      if (pluginData === onePackageCopy) return undefined;
      const found = await build.resolve(path, { importer, kind, resolveDir, pluginData: onePackageCopy });
      // Not found (ws's optional helpers): esbuild's own resolution says so, leniently inside a try block.
      if (found.errors.length > 0) return undefined;
      if (found.external) return found;
      const [, folder = ''] = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(found.path) ?? [];
      const first = canonical.get(folder);
      return first ? { ...found, path: join(first, relative(folder, found.path)) } : found;
    });
  },
};

// Base64 VLQ, the number encoding of source map mappings.
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeSegment(values) {
  let text = '';
  for (const signed of values) {
    let value = signed < 0 ? (-signed << 1) | 1 : signed << 1;
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value > 0) digit |= 32;
      text += BASE64[digit];
    } while (value > 0);
  }
  return text;
}

/**
 * The map with the mappings of our own sources only. Where the packages' code begins, a segment that maps
 * to no source, so Node names the bundle's line there instead of the nearest mapping of our code above it.
 */
export function ownSourcesOnly(map) {
  const keptSources = [];
  const sourceIndex = map.sources.map((source) =>
    source.includes('node_modules/') ? -1 : keptSources.push(source) - 1,
  );
  const keptNames = [];
  const nameIndex = new Map();
  const state = { source: 0, line: 0, column: 0, name: 0 };
  const written = { source: 0, line: 0, column: 0, name: 0 };
  let inOwnCode = false;
  const lines = map.mappings.split(';').map((line) => {
    let generatedColumn = 0;
    let writtenColumn = 0;
    const segments = [];
    for (const text of line ? line.split(',') : []) {
      const [column, source, sourceLine, sourceColumn, name] = decodeSegment(text);
      generatedColumn += column;
      if (source === undefined) continue;
      state.source += source;
      state.line += sourceLine;
      state.column += sourceColumn;
      if (name !== undefined) state.name += name;
      const kept = sourceIndex[state.source];
      if (kept === -1) {
        if (inOwnCode) {
          segments.push(encodeSegment([generatedColumn - writtenColumn]));
          writtenColumn = generatedColumn;
          inOwnCode = false;
        }
        continue;
      }
      const values = [
        generatedColumn - writtenColumn,
        kept - written.source,
        state.line - written.line,
        state.column - written.column,
      ];
      if (name !== undefined) {
        if (!nameIndex.has(state.name)) nameIndex.set(state.name, keptNames.push(map.names[state.name]) - 1);
        values.push(nameIndex.get(state.name) - written.name);
        written.name = nameIndex.get(state.name);
      }
      segments.push(encodeSegment(values));
      writtenColumn = generatedColumn;
      Object.assign(written, { source: kept, line: state.line, column: state.column });
      inOwnCode = true;
    }
    return segments.join(',');
  });
  return { version: 3, sources: keptSources, names: keptNames, mappings: lines.join(';') };
}

export async function buildServer() {
  rmSync(out, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    // The server, and `npm run admin`'s command (scripts/admin.mjs), each a bundle of its own.
    entryPoints: { server: 'server/main.ts', 'admin-cli': 'server/support/admin-cli.ts' },
    tsconfig: 'tsconfig.server.json',
    outdir: out,
    bundle: true,
    platform: 'node',
    target: 'node22.12',
    // CommonJS: Node's built-in modules are then required, not imported; importing node:http builds its ES
    // module face, which loads Node's fetch (undici) at every start. And a module the source imports lazily
    // is run at that import, not at start.
    format: 'cjs',
    define: { 'import.meta.url': '__bullappModuleUrl' },
    banner: { js: 'const __bullappModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    external: EXTERNAL,
    plugins: [onePackageCopy],
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });

  const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = new Set(
    Object.values(metafile.inputs).flatMap(({ imports }) =>
      imports.filter((item) => item.external && !item.path.startsWith('node:')).map((item) => item.path),
    ),
  );
  const unexpected = [...external]
    .filter((path) => !builtinModules.includes(path))
    .map(packageName)
    .filter((name) => !OPTIONAL.includes(name) && !(name in dependencies));
  if (unexpected.length > 0)
    throw new Error(
      `The bundle requires ${unexpected.join(', ')} at run time, which is not in dependencies.`,
    );

  for (const bundle of ['server', 'admin-cli']) {
    const mapFile = join(out, `${bundle}.js.map`);
    writeFileSync(mapFile, JSON.stringify(ownSourcesOnly(JSON.parse(readFileSync(mapFile, 'utf8')))));
  }
  // package.json says "type": "module"; these files are CommonJS.
  writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  writeFileSync(
    join(out, 'main.js'),
    [
      "// The built server's entry (scripts/build-server.mjs): stack traces name the TypeScript sources of",
      '// server.js, whose map is read when it loads, so source maps are turned on first. Node keeps the',
      "// bundle's compiled code on disk (its compile cache: NODE_COMPILE_CACHE, else the temporary folder's",
      '// node-compile-cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so a later start of the same build',
      '// skips most of compiling it (decision 209).',
      'process.setSourceMapsEnabled(true);',
      "require('node:module').enableCompileCache();",
      "require('./server.js');",
      '',
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
