import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { sqlitePathOf, type SqliteLocking } from '../db/database.js';

/** One command line's request to the running app, and its answer: a line of JSON each way. */
export interface CommandRequest {
  words: string[];
  operator: string;
}
export type CommandAnswer = { ok: true; output: string } | { ok: false; error: string };

// Unix socket paths are limited to about 104 bytes; a longer one cannot be listened on.
const MAX_SOCKET_PATH = 100;

/**
 * Where an app on an SQLite file answers `npm run admin` (decision 183): beside the file, as its key file is.
 * The app holds its file alone (decision 095), so a second process cannot open it while the app runs; the
 * command goes to the app instead. Null for PostgreSQL (any process may connect), a file shared with
 * SQLITE_LOCKING=normal (the command opens it too), an in-memory database, or a path too long for a socket.
 */
export function commandSocketPath({
  databaseUrl,
  sqliteLocking,
}: {
  databaseUrl: string;
  sqliteLocking: SqliteLocking;
}): string | null {
  const file = sqlitePathOf(databaseUrl);
  if (!file || file === ':memory:' || sqliteLocking !== 'exclusive') return null;
  const path = `${resolve(file)}.admin.sock`;
  return path.length <= MAX_SOCKET_PATH ? path : null;
}

/** Asks the app listening on `path`; null when no app listens there (none runs, or a socket left by a crash). */
export function askRunningApp(path: string, request: CommandRequest): Promise<CommandAnswer | null> {
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((done, fail) => {
    const socket = connect(path);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.end(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      try {
        done(JSON.parse(answer) as CommandAnswer);
      } catch {
        fail(new Error('The running app gave no answer; its log may say why.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? done(null) : fail(error),
    );
  });
}
