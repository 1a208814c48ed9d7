// `npm run serve`: runs the build in dist/ as it is, with production dependencies only (`npm ci --omit=dev`);
// it never builds (`npm run build` does, where the dev dependencies are). package.json runs it with `exec`, so
// SIGTERM or SIGINT sent to the npm process alone reaches the server (decision 159). Decision 161.
import { existsSync } from 'node:fs';

const main = new URL('../dist/server/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('There is no build in dist/: run `npm run build` first (it needs the dev dependencies).');
  process.exit(1);
}
await import(main.href);
