// `npm run admin -- grant <email> | revoke <email> | list`: names the support agents (DESIGN 16). Builds first
// when the sources changed, as `npm start` does; the command itself is server/support/admin-cli.ts.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import('../dist/server/admin-cli.js');
