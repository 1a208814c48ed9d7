import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * 24 * 60 * 60_000).toISOString();

describe.each(testDialects)('audit events on %s', (dialect) => {
  it('are kept 365 days, then swept by the housekeeping', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const { db } = app.database;
    const now = new Date();
    const event = (at: string, name: string) => ({ at, event: name, subject: 's', ip: null });
    await db
      .insertInto('audit_events')
      .values([
        event(daysAgo(400, now), 'long_gone'),
        event(daysAgo(365.01, now), 'just_past'),
        event(daysAgo(364.99, now), 'just_within'),
        event(daysAgo(1, now), 'yesterday'),
      ])
      .execute();
    expect(await app.housekeeping.sweep(db, now)).toMatchObject({ audit_events: 2 });
    const left = await db.selectFrom('audit_events').select('event').orderBy('id').execute();
    expect(left.map((row) => row.event)).toEqual(['just_within', 'yesterday']);
  });
});
