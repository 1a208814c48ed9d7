import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/helper.js';
import {
  deliver,
  oidcWorld,
  pendingTokenOf,
  redeem,
  start,
  throughProvider,
  type ProviderReply,
} from '../test/oidc-kit.js';
import { safeReturnPath } from './return-path.js';

const open = oidcWorld();
const FAILED = '/login?error=oidc_failed&provider=google';

const withParam = (reply: ProviderReply, name: string, value: string): ProviderReply => {
  const url = new URL(reply.url);
  url.searchParams.set(name, value);
  return { ...reply, url } as ProviderReply;
};

async function countSessionsAndUsers(app: Awaited<ReturnType<typeof open>>['app']) {
  const { db } = app.database;
  return {
    users: (await db.selectFrom('users').select('id').execute()).length,
    sessions: (await db.selectFrom('sessions').select('id').execute()).length,
  };
}

describe.each(testDialects)('The provider callback refuses what does not hold, on %s', (dialect) => {
  it('a tampered state, or a reply without the flow cookie of this browser', async () => {
    const { app } = await open(dialect);
    const started = await start(app, 'google');
    const reply = await throughProvider(started.location, { login: 'someone' });
    const tampered = await deliver(app, withParam(reply, 'state', `${started.state}x`), {
      state: started.state,
    });
    expect(tampered.headers.location).toBe(FAILED);
    const noCookie = await deliver(app, reply, { state: undefined });
    expect(noCookie.headers.location).toBe(FAILED);
    // Another browser's cookie (an attacker planting their own reply: login CSRF).
    const other = await start(app, 'google');
    const planted = await deliver(app, reply, { state: other.state });
    expect(planted.headers.location).toBe(FAILED);
    expect(await countSessionsAndUsers(app)).toEqual({ users: 0, sessions: 0 });
  });

  it('a replayed reply (the flow is single use) and a replayed code in a new flow', async () => {
    const { app } = await open(dialect);
    const started = await start(app, 'google');
    const reply = await throughProvider(started.location, { login: 'someone' });
    pendingTokenOf(await deliver(app, reply, { state: started.state }));
    expect((await deliver(app, reply, { state: started.state })).headers.location).toBe(FAILED);
    // The same code with a new flow's state and cookie: the provider refuses a code used once (and its PKCE).
    const again = await start(app, 'google');
    const replayed = await deliver(app, withParam(reply, 'state', again.state!), { state: again.state });
    expect(replayed.headers.location).toBe(FAILED);
    expect(await countSessionsAndUsers(app)).toEqual({ users: 1, sessions: 1 });
  });

  it('an ID token whose nonce is not the flow’s', async () => {
    const { app } = await open(dialect);
    const started = await start(app, 'google');
    await app.database.db
      .updateTable('oidc_flows')
      .set({ nonce: 'another-nonce-than-the-one-sent' })
      .execute();
    const reply = await throughProvider(started.location, { login: 'someone' });
    expect((await deliver(app, reply, { state: started.state })).headers.location).toBe(FAILED);
    expect(await countSessionsAndUsers(app)).toEqual({ users: 0, sessions: 0 });
  });

  it('an ID token signed by a key the issuer does not publish', async () => {
    const { app, google } = await open(dialect);
    const started = await start(app, 'google');
    const reply = await throughProvider(started.location, { login: 'someone' });
    google.signWithOtherKey(true);
    expect((await deliver(app, reply, { state: started.state })).headers.location).toBe(FAILED);
    expect(await countSessionsAndUsers(app)).toEqual({ users: 0, sessions: 0 });
  });

  it('an expired ID token', async () => {
    const { app, google, shiftClock } = await open(dialect);
    google.setIdTokenTtl(1);
    const started = await start(app, 'google');
    const reply = await throughProvider(started.location, { login: 'someone' });
    // Past its expiry and openid-client's 30 s of tolerance, on the app's clock; the flow itself lives on.
    shiftClock(60_000);
    expect((await deliver(app, reply, { state: started.state })).headers.location).toBe(FAILED);
    expect(await countSessionsAndUsers(app)).toEqual({ users: 0, sessions: 0 });
  });

  it('a flow older than 10 minutes', async () => {
    const { app, shiftClock } = await open(dialect);
    const started = await start(app, 'google');
    const reply = await throughProvider(started.location, { login: 'someone' });
    shiftClock(10 * 60_000 + 1000);
    expect((await deliver(app, reply, { state: started.state })).headers.location).toBe(FAILED);
  });

  it('limits the flows one address may begin (each keeps a row for 10 minutes)', async () => {
    const { app } = await open(
      dialect,
      {},
      {
        rateLimits: { settings: { providerStartsPerIp: { limit: 2, windowMs: 60_000 } } },
      },
    );
    await start(app, 'google');
    await start(app, 'apple');
    const third = await app.inject({ url: '/auth/google/start' });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(await app.database.db.selectFrom('oidc_flows').selectAll().execute()).toHaveLength(2);
  });

  it('keeps return_to to a path of this app: another origin is never where the page goes', async () => {
    const { app } = await open(dialect);
    for (const evil of [
      'https://evil.example/steal',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const started = await start(app, 'google', `return_to=${encodeURIComponent(evil)}`);
      const reply = await throughProvider(started.location, { login: `r${evil.length}` });
      const callback = await deliver(app, reply, { state: started.state });
      expect(callback.headers.location).toMatch(/^\/login#auth_token=/);
    }
    const started = await start(app, 'google', `return_to=${encodeURIComponent('/pricing?plan=monthly')}`);
    const reply = await throughProvider(started.location, { login: 'pricing' });
    const callback = await deliver(app, reply, { state: started.state });
    expect(callback.headers.location).toMatch(/^\/login\?return_to=%2Fpricing%3Fplan%3Dmonthly#auth_token=/);
    await redeem(app, pendingTokenOf(callback));
  });
});

describe('safeReturnPath', () => {
  const options = { publicUrl: 'https://app.example', fallback: '/account' };
  it.each([
    ['/pricing', '/pricing'],
    ['/account/security?x=1#y', '/account/security?x=1#y'],
    ['https://app.example/pricing', '/account'],
    ['https://evil.example/', '/account'],
    ['//evil.example/', '/account'],
    ['/\\evil.example/', '/account'],
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/\nx', '/account'],
    ['', '/account'],
    [undefined, '/account'],
  ])('%s → %s', (value, expected) => {
    expect(safeReturnPath(value, options)).toBe(expected);
  });
});
