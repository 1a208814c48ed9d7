// `npm start`: builds on first run (or after a change), then runs the server.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import('../dist/server/main.js');
