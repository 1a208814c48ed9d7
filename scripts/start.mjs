// `npm start`: builds on first run (or after a change), then runs the server in this process. package.json runs
// it with `exec`, so the shell npm starts becomes this process: npm hands SIGTERM and SIGINT on to its child
// only; without `exec`, SIGTERM ended the shell and left the server serving, and SIGINT ended nothing
// (decision 159).
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import('../dist/server/main.js');
