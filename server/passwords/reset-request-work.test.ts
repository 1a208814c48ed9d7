import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpDatabase, settleSignUps, signUpUser } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { BackgroundQueue } from '../http/background-queue.js';
import { requestPasswordReset } from './password-resets.service.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** The kind of every statement the database is asked to run (select, insert, delete …). */
function statementLog() {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { statements, plugin };
}

describe.each(testDialects)('a reset request on %s', (dialect) => {
  it('does the same database work before its reply for a known and an unknown address', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    await signUpUser(app);
    await app.ready();
    await settleSignUps(app);
    const queue = new BackgroundQueue(app.log);
    const workBeforeReply = async (email: string) => {
      const { statements, plugin } = statementLog();
      const context = { ...app.ctx, db: app.database.db.withPlugin(plugin) };
      let reply!: () => void;
      const replied = new Promise<void>((resolve) => (reply = resolve));
      await requestPasswordReset(context, { email, caller: { ip: '203.0.113.9' }, queue, replied });
      // Whatever the event loop gets to before the reply is written: SQLite answers synchronously.
      await new Promise((resolve) => setImmediate(resolve));
      const before = [...statements];
      reply();
      await queue.flush();
      return { before, all: statements };
    };
    const known = await workBeforeReply('ada@example.com');
    const unknown = await workBeforeReply('nobody@example.com');
    expect(known.before).toEqual([]);
    expect(unknown.before).toEqual([]);
    // The work was done, after the reply: the known address got its link.
    expect(known.all.length).toBeGreaterThan(unknown.all.length);
    expect((await dumpDatabase(app)).password_resets).toHaveLength(1);
  });

  it('does no database work for the request before the reply is out, through the route', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    await signUpUser(app);
    await app.ready();
    await settleSignUps(app);
    const { statements, plugin } = statementLog();
    // The service reads the one context at each call: its database now logs every statement.
    app.ctx.db = app.database.db.withPlugin(plugin);
    const workBeforeReply = async (email: string) => {
      statements.length = 0;
      const reply = await app.inject({ method: 'POST', url: '/api/v2/reset_password', payload: { email } });
      expect(reply.statusCode).toBe(204);
      const before = [...statements];
      await app.resetQueue.flush();
      return { before, after: statements.slice(before.length) };
    };
    const known = await workBeforeReply('ada@example.com');
    const unknown = await workBeforeReply('nobody@example.com');
    expect(known.before).toEqual([]);
    expect(unknown.before).toEqual([]);
    expect(known.after.length).toBeGreaterThan(unknown.after.length);
    expect((await dumpDatabase(app)).password_resets).toHaveLength(1);
  });
});
