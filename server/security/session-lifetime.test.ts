import { afterEach, describe, expect, it, vi } from 'vitest';
import { meStatus, signUpUser } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await current?.close();
  current = undefined;
});

// DESIGN section 7, written out rather than read from the code's constant: changing the rule fails here.
const DAY_MS = 24 * 60 * 60 * 1000;
const THIRTY_DAYS_MS = 30 * DAY_MS;

describe.each(testDialects)('a session on %s', (dialect) => {
  it('lives 30 days without use, counted again from each use, and not a minute longer', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    vi.useFakeTimers({ toFake: ['Date'] });
    const { auth_token } = await signUpUser(app);
    vi.setSystemTime(Date.now() + THIRTY_DAYS_MS - 60_000);
    expect(await meStatus(app, auth_token)).toBe(200);
    vi.setSystemTime(Date.now() + THIRTY_DAYS_MS - 60_000);
    expect(await meStatus(app, auth_token)).toBe(200);
    vi.setSystemTime(Date.now() + THIRTY_DAYS_MS + 60_000);
    expect(await meStatus(app, auth_token)).toBe(401);
  });

  it('ends a year after it began, however recently it was used', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    const { auth_token } = await signUpUser(app);
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    // Made 400 days ago, used yesterday: the idle deadline is still four weeks away.
    await app.database.db
      .updateTable('sessions')
      .set({ created_at: ago(400), last_used_at: ago(1), expires_at: ago(-29) })
      .execute();
    expect(await meStatus(app, auth_token)).toBe(401);
    expect(await app.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('is used up to its first birthday, and its idle deadline never passes it', async () => {
    current = await buildTestApp({ dialect });
    const { app } = current;
    vi.useFakeTimers({ toFake: ['Date'] });
    const { auth_token } = await signUpUser(app);
    const born = Date.now();
    for (let day = 29; day < 365; day += 29) {
      vi.setSystemTime(born + day * DAY_MS);
      expect(await meStatus(app, auth_token)).toBe(200);
    }
    const [session] = await app.database.db.selectFrom('sessions').selectAll().execute();
    expect(Date.parse(session!.expires_at)).toBe(born + 365 * DAY_MS);
    vi.setSystemTime(born + 365 * DAY_MS - 60_000);
    expect(await meStatus(app, auth_token)).toBe(200);
    vi.setSystemTime(born + 365 * DAY_MS);
    expect(await meStatus(app, auth_token)).toBe(401);
  });
});
