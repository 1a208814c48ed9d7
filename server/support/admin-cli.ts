import { userInfo } from 'node:os';
import { AuditTrail } from '../audit/audit.service.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadAppKeys } from '../security/app-keys.js';
import { askRunningApp, commandSocketPath, type CommandRequest } from './command-socket.js';
import { parseRoleCommand, ROLE_COMMAND_USAGE, RoleCommandRefused, runRoleCommand } from './support-roles.js';

/**
 * `npm run admin -- grant <email> | revoke <email> | list` (scripts/admin.mjs runs this, built): on SQLite
 * while the app runs, through the app's command socket; otherwise on the database itself, as `npm run
 * migrate` opens it. Prints what it did; exits 1 on a refusal, 2 on words that are no command.
 */
function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'an unknown user';
  }
}

async function onTheDatabase(config: Config, request: CommandRequest): Promise<string> {
  const command = parseRoleCommand(request.words)!;
  const database = openDatabase(config.databaseUrl, { sqliteLocking: config.sqliteLocking });
  try {
    const keys = loadAppKeys(config);
    await migrateToLatest(database, { keys });
    return await runRoleCommand({ db: database.db, audit: new AuditTrail(keys) }, command, request);
  } finally {
    await database.close();
  }
}

async function main(words: string[]): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  if (!parseRoleCommand(words)) {
    console.error(ROLE_COMMAND_USAGE);
    return 2;
  }
  const request: CommandRequest = { words, operator: operatorName() };
  const socket = commandSocketPath(config);
  const answer = socket ? await askRunningApp(socket, request) : null;
  if (answer) {
    if (answer.ok) console.log(answer.output);
    else console.error(answer.error);
    return answer.ok ? 0 : 1;
  }
  try {
    console.log(await onTheDatabase(config, request));
    return 0;
  } catch (error) {
    if (!(error instanceof RoleCommandRefused || /in use by another process/.test(String(error))))
      throw error;
    console.error(
      error instanceof RoleCommandRefused
        ? error.message
        : `${(error as Error).message}\nThe app answers this command only from the version that has it: restart the app, then run it again.`,
    );
    return 1;
  }
}

// No top-level await: the build makes this a CommonJS bundle (scripts/build-server.mjs).
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
