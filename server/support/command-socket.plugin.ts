import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { commandSocketPath, type CommandAnswer, type CommandRequest } from './command-socket.js';
import { parseRoleCommand, ROLE_COMMAND_USAGE, RoleCommandRefused, runRoleCommand } from './support-roles.js';

// A request is one short line; anything longer is not one.
const MAX_REQUEST = 4096;

/**
 * On SQLite, the app answers `npm run admin` on a Unix socket beside its database file, mode 0600 in the
 * database's 0700 folder: whoever may read the database file may name agents, nobody else (decision 183).
 */
async function commandSocket(app: FastifyInstance) {
  const path = commandSocketPath(app.config);
  if (!path) return;
  const { db, audit } = app.ctx;
  const answer = async (request: CommandRequest): Promise<CommandAnswer> => {
    const command = parseRoleCommand(request.words);
    if (!command) return { ok: false, error: ROLE_COMMAND_USAGE };
    try {
      return { ok: true, output: await runRoleCommand({ db, audit }, command, request) };
    } catch (error) {
      if (error instanceof RoleCommandRefused) return { ok: false, error: error.message };
      app.log.error({ err: error }, 'admin command failed');
      return { ok: false, error: 'The command failed; the app’s log says why.' };
    }
  };
  // Half-open: the command line ends its side once it has asked; the answer still goes back.
  const server = createServer({ allowHalfOpen: true }, (socket: Socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST) socket.destroy();
    });
    socket.on('end', () => {
      let request: CommandRequest;
      try {
        const parsed = JSON.parse(text) as Partial<CommandRequest>;
        if (!Array.isArray(parsed.words) || !parsed.words.every((word) => typeof word === 'string'))
          throw new Error('no words');
        request = { words: parsed.words, operator: String(parsed.operator ?? 'unknown').slice(0, 64) };
      } catch {
        socket.end(`${JSON.stringify({ ok: false, error: ROLE_COMMAND_USAGE })}\n`);
        return;
      }
      void answer(request).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  // The app holds its database file alone, so a socket already there was left by a crash of this app.
  rmSync(path, { force: true });
  await new Promise<void>((listening, fail) => {
    server.once('error', fail);
    server.listen(path, () => listening());
  });
  chmodSync(path, 0o600);
  app.log.debug({ path }, 'admin commands answered on a local socket');
  app.addHook('onClose', async () => {
    await new Promise<void>((closed) => server.close(() => closed()));
    rmSync(path, { force: true });
  });
}

export default fp(commandSocket, { name: 'command-socket', dependencies: ['config', 'app-context'] });
