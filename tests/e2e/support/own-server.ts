import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freePort, ServerProcess } from '../../support/server-process';
import { smtpSinkUrls } from './smtp-sink-ports';

/**
 * The built app on a database of its own that the test may also open: SQLITE_LOCKING=normal lets a second
 * connection in, where the suite's server holds its file exclusively. For what only time would bring
 * about (a link past its lifetime, a session past its deadline): the test moves a stored time, and the server
 * then meets it through its own code, as it would have in an hour or a month. Its mail goes to the suite's
 * SMTP sink, so tests/e2e/support/mailbox.ts reads it.
 */
export class OwnServer {
  private constructor(
    private readonly process: ServerProcess,
    private readonly folder: string,
    readonly db: Database.Database,
  ) {}

  get url() {
    return `http://localhost:${this.process.port}`;
  }

  static async start(): Promise<OwnServer> {
    const folder = mkdtempSync(join(tmpdir(), 'bullapp-e2e-own-'));
    const port = await freePort();
    const file = join(folder, 'app.sqlite');
    const server = new ServerProcess(port, {
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: `sqlite:${file}`,
      SQLITE_LOCKING: 'normal',
      OUTBOX_DIR: join(folder, 'outbox'),
      SMTP_URL: smtpSinkUrls().smtpUrl,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    });
    server.runFrom = 'build';
    await server.start();
    const db = new Database(file);
    db.pragma('busy_timeout = 5000');
    return new OwnServer(server, folder, db);
  }

  /** Moves a stored time: `expires_at` of the rows of `table` that `where` picks (a user's rows). */
  expire(table: 'password_resets' | 'email_changes' | 'email_change_undos', userId: number, at: Date) {
    this.db.prepare(`update ${table} set expires_at = ? where user_id = ?`).run(at.toISOString(), userId);
  }

  /** The session of this token ends unused at `at`: its idle deadline, as use would have left it. */
  sessionEndsAt(userId: number, at: Date) {
    this.db
      .prepare('update sessions set expires_at = ?, last_used_at = ? where user_id = ?')
      .run(at.toISOString(), new Date().toISOString(), userId);
  }

  async stop() {
    this.db.close();
    await this.process.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
