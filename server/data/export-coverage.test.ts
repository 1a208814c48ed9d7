import { afterEach, describe, expect, it } from 'vitest';
import { exportReplySchema } from '../../contract/data.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { EXPORT_PARTS } from './export-parts.js';
import { tablesNamingUsers } from './export.repository.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe.each(testDialects)('the export on %s', (dialect) => {
  it('covers every table with a user_id column, as the database itself lists them', async () => {
    current = await buildTestApp({ dialect });
    const { db } = current.app.database;
    const naming = await tablesNamingUsers(db, dialect);
    // The walk itself works: the tables known today are found.
    expect(naming).toEqual(expect.arrayContaining(['sessions', 'password_resets', 'subscriptions']));
    const covered = new Set<string>(EXPORT_PARTS.flatMap((part) => part.tables));
    // A table missing here needs a part in server/data/export-parts.ts (or to join one).
    expect(naming.filter((table) => !covered.has(table))).toEqual([]);
  });

  it('has one part per key of the export, each key once', () => {
    const keys = EXPORT_PARTS.map((part) => part.key);
    const replyKeys = Object.keys(exportReplySchema.shape).filter((key) => key !== 'exported_at');
    expect([...keys].sort()).toEqual(replyKeys.sort());
  });
});
