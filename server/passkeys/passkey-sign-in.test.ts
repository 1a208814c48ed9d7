import { describe, expect, it } from 'vitest';
import { bearer, meStatus } from '../test/accounts.js';
import { createSharedDatabase, listen } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
import {
  authenticationOptions,
  INVALID_PASSKEY,
  loginWithPasskey,
  newUser,
  outliveChallenges,
  passkeysKit,
  RP,
  signInWithPasskey,
  userWithPasskey,
} from '../test/passkeys-kit.js';
import { SoftwareAuthenticator } from '../test/software-authenticator.js';

const start = passkeysKit();

describe.each(testDialects)('passkey sign-in on %s', (dialect) => {
  describe('POST /api/v1/passkeys/authentication_options', () => {
    it('asks any passkey of this site (none named), user verification preferred, 5 minutes', async () => {
      const { app } = await start(dialect);
      const options = await authenticationOptions(app);
      expect(options).toMatchObject({ rpId: 'app.test', userVerification: 'preferred', timeout: 300_000 });
      expect(options.challenge).toMatch(/^[\w-]{20,}$/);
      expect(options.allowCredentials ?? []).toEqual([]);
      expect((await authenticationOptions(app)).challenge).not.toBe(options.challenge);
    });

    it('is rate limited per address (429 with Retry-After)', async () => {
      const { app } = await start(dialect, {
        rateLimits: { settings: { passkeyOptionsPerIp: { limit: 2, windowMs: 60_000 } } },
      });
      await authenticationOptions(app);
      await authenticationOptions(app);
      const reply = await app.inject({ method: 'POST', url: '/api/v1/passkeys/authentication_options' });
      expect(reply.statusCode).toBe(429);
      expect(reply.headers['retry-after']).toBeDefined();
    });
  });

  describe('POST /api/v1/login with a passkey', () => {
    it('answers the user JSON with a new token of a `passkey` session, and no second step', async () => {
      const { app } = await start(dialect);
      const { user, authenticator, passkey } = await userWithPasskey(app);
      const reply = await signInWithPasskey(app, authenticator);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const signedIn = reply.json();
      expect(signedIn).toEqual({
        id: user.id,
        email: user.email,
        role: 0,
        created_at: user.created_at,
        email_verified: false,
        has_password: true,
        auth_token: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect(signedIn.auth_token).not.toBe(user.auth_token);
      expect(await meStatus(app, signedIn.auth_token)).toBe(200);
      const kinds = await app.database.db
        .selectFrom('sessions')
        .select('kind')
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(kinds).toEqual([{ kind: 'signup' }, { kind: 'passkey' }]);
      const list = await app.inject({ url: '/api/v1/passkeys', headers: bearer(signedIn.auth_token) });
      expect(list.json().passkeys[0]).toEqual({ ...passkey, last_used_at: expect.any(String) });
    });

    it('refuses the same response twice: a challenge works once', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app);
      const response = authenticator.authenticate(await authenticationOptions(app));
      expect((await loginWithPasskey(app, response)).statusCode).toBe(200);
      const replay = await loginWithPasskey(app, response);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a response made on another origin', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app);
      const reply = await signInWithPasskey(app, authenticator, { origin: 'https://app.test.evil.test' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a response signed for a relying party other than the host of PUBLIC_URL', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app);
      const reply = await signInWithPasskey(app, authenticator, { rpId: 'evil.test' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
      // The same passkey, for this site, still signs in: only the relying party was wrong.
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200);
    });

    it('refuses a challenge the server never issued', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app);
      const reply = await signInWithPasskey(app, authenticator, { challenge: 'bWFkZS11cC1jaGFsbGVuZ2U' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a challenge older than 5 minutes', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app);
      const options = await authenticationOptions(app);
      outliveChallenges();
      const reply = await loginWithPasskey(app, authenticator.authenticate(options));
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a sign counter that goes backwards, and one that stands still', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app, { counter: 5 });
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200); // reports 6
      authenticator.counter = 3; // reports 4: a cloned authenticator
      const backwards = await signInWithPasskey(app, authenticator);
      expect(backwards.statusCode).toBe(401);
      expect(backwards.json()).toEqual(INVALID_PASSKEY);
      authenticator.counter = 5; // reports 6 again
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(401);
      authenticator.counter = 10;
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200);
    });

    it('accepts a counter that stays 0, as synced passkeys report it', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app, { counter: 0 });
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200);
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200);
    });

    it('refuses a passkey the server does not know, and one that was removed', async () => {
      const { app } = await start(dialect);
      const stranger = await signInWithPasskey(app, new SoftwareAuthenticator(RP));
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toEqual(INVALID_PASSKEY);
      const { user, authenticator, passkey } = await userWithPasskey(app);
      await app.inject({
        method: 'DELETE',
        url: `/api/v1/passkeys/${passkey.id}`,
        headers: bearer(user.auth_token),
      });
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(401);
    });

    it('refuses a signature that does not match the passkey', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app);
      const response = authenticator.authenticate(await authenticationOptions(app));
      const other = new SoftwareAuthenticator(RP).authenticate(await authenticationOptions(app));
      const forged = { ...response, response: { ...response.response, signature: other.response.signature } };
      const reply = await loginWithPasskey(app, forged);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('answers 400 invalid_request for a passkey response of the wrong shape', async () => {
      const { app } = await start(dialect);
      const reply = await loginWithPasskey(app, { id: 'x' } as never);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    });

    it('writes a sign-in and a failed sign-in to the audit trail', async () => {
      const { app } = await start(dialect);
      const { authenticator } = await userWithPasskey(app);
      await signInWithPasskey(app, authenticator, { origin: 'http://evil.test' });
      await signInWithPasskey(app, authenticator);
      const events = await app.database.db.selectFrom('audit_events').select('event').orderBy('id').execute();
      expect(events.map((row) => row.event)).toEqual([
        'sign_up',
        'passkey_added',
        'sign_in_failed',
        'sign_in',
      ]);
    });
  });
});

describe.each(testDialects)('passkeys across two instances on %s', (dialect) => {
  it('verifies on one instance a challenge another instance issued', async () => {
    const database = await createSharedDatabase(dialect);
    const first = await listen(database.url);
    const second = await listen(database.url);
    try {
      const user = await newUser(first.app);
      const authenticator = new SoftwareAuthenticator(RP);
      const options = await (
        await first.app.inject({
          method: 'POST',
          url: '/api/v1/passkeys/registration_options',
          headers: bearer(user.auth_token),
        })
      ).json();
      const added = await second.app.inject({
        method: 'POST',
        url: '/api/v1/passkeys',
        headers: bearer(user.auth_token),
        payload: { response: authenticator.register(options) },
      });
      expect(added.statusCode, added.body).toBe(201);
      const response = authenticator.authenticate(await authenticationOptions(second.app));
      expect((await loginWithPasskey(first.app, response)).statusCode).toBe(200);
      expect((await loginWithPasskey(second.app, response)).statusCode).toBe(401);
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });
});
