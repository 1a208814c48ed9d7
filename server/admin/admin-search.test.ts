import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AdminUserList } from '../../contract/admin.js';
import { agentWithPasskey, consoleGet } from '../test/admin-kit.js';
import { testDialects } from '../test/helper.js';
import { subscriptionsKit } from '../test/subscriptions-kit.js';

/** DESIGN 16's search on 10,000 people: substrings found, pages that cover everyone once, in order. */
const start = subscriptionsKit();
const PEOPLE = 10_000;

const addressOf = (i: number) =>
  `person-${String(i).padStart(5, '0')}@${i % 250 === 0 ? 'needle' : 'hay'}.example`;

describe.each(testDialects)('the search on 10,000 people, on %s', (dialect) => {
  it('finds a rare part at once, and pages through everyone once, in order', async () => {
    const { app } = await start(dialect);
    const { token, account } = await agentWithPasskey(app);
    const { db } = app.database;
    const at = new Date().toISOString();
    for (let from = 0; from < PEOPLE; from += 500)
      await db
        .insertInto('users')
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            email: addressOf(from + k),
            password_hash: 'x',
            role: 0,
            created_at: at,
            updated_at: at,
            password_changed_at: at,
          })),
        )
        .execute();
    if (dialect === 'postgres') {
      // The index that keeps the substring search fast at a million people (decision 184).
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'users_email_trgm'`.execute(
        db,
      );
      expect(rows[0]?.indexdef).toMatch(/USING gin \(email .*gin_trgm_ops\)/);
    }
    const page = async (query: string) => {
      const reply = await consoleGet(app, token, `/api/v1/admin/users?${query}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<AdminUserList>();
    };

    const needles = await page('q=NEEDLE');
    expect(needles.users.map((user) => user.email)).toEqual(
      Array.from({ length: PEOPLE / 250 }, (_, k) => addressOf(k * 250)),
    );
    expect(needles.next_cursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next = await page(`q=example${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.users.length).toBeLessThanOrEqual(50);
      seen.push(...next.users.map((user) => user.email));
      cursor = next.next_cursor;
    }
    const everyone = [...Array.from({ length: PEOPLE }, (_, i) => addressOf(i)), account.email].sort();
    expect(seen).toEqual(everyone);
  });
});
