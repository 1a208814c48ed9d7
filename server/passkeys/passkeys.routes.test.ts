import { describe, expect, it } from 'vitest';
import type { PasskeyJson } from '../../contract/passkeys.js';
import { bearer, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  addPasskey,
  INVALID_PASSKEY,
  newUser,
  outliveChallenges,
  passkeysKit,
  registrationOptions,
  RP,
  userWithPasskey,
} from '../test/passkeys-kit.js';
import { SoftwareAuthenticator } from '../test/software-authenticator.js';

const start = passkeysKit();

const NOT_FOUND = { error: 'passkey_not_found', message: 'No such passkey was found for your account.' };
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(testDialects)('passkey registration and management on %s', (dialect) => {
  describe('POST /api/v1/passkeys/registration_options', () => {
    it('asks for a discoverable credential of this site, user verification preferred, no attestation', async () => {
      const { app } = await start(dialect, { env: { APP_NAME: 'Bull Test' } });
      const user = await newUser(app);
      const options = await registrationOptions(app, user);
      expect(options.rp).toEqual({ id: 'app.test', name: 'Bull Test' });
      expect(options.user.name).toBe(user.email);
      expect(options.challenge).toMatch(/^[\w-]{20,}$/);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      });
      expect(options.attestation).toBe('none');
      expect(options.timeout).toBe(300_000);
      expect(options.excludeCredentials).toEqual([]);
    });

    it('excludes the passkeys the account already has', async () => {
      const { app } = await start(dialect);
      const { user, authenticator } = await userWithPasskey(app);
      const options = await registrationOptions(app, user);
      expect(options.excludeCredentials).toEqual([
        { id: authenticator.id, type: 'public-key', transports: ['internal'] },
      ]);
    });

    it('is rate limited per account, with Retry-After', async () => {
      const { app } = await start(dialect);
      await app.ready();
      const user = await newUser(app);
      const ask = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/passkeys/registration_options',
          headers: bearer(user.auth_token),
        });
      const { limit } = app.ctx.rateLimiter.settings.passkeyRegistrationPerUser;
      expect(limit).toBeLessThanOrEqual(20);
      for (let i = 0; i < limit; i += 1) expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
      // Another account asks on.
      const other = await newUser(app);
      expect((await registrationOptions(app, other)).challenge).toBeTruthy();
    });

    it('answers 401 without a token', async () => {
      const { app } = await start(dialect);
      const reply = await app.inject({ method: 'POST', url: '/api/v1/passkeys/registration_options' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().error).toBe('invalid_token');
    });
  });

  describe('POST /api/v1/passkeys', () => {
    it('keeps a verified passkey and answers 201 with its public fields only', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await addPasskey(app, user, new SoftwareAuthenticator(RP), { name: '  Laptop  ' });
      expect(reply.statusCode, reply.body).toBe(201);
      const passkey = reply.json<PasskeyJson>();
      expect(passkey).toEqual({
        id: expect.stringMatching(/^[\w-]{16}$/),
        name: 'Laptop',
        created_at: expect.stringMatching(ISO_TIME),
        last_used_at: null,
      });
      const rows = await app.database.db.selectFrom('passkeys').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: passkey.id, user_id: user.id, transports: '["internal"]' });
      expect(Number(rows[0]!.sign_count)).toBe(0);
    });

    it('names a passkey given no name after the browser that made it, as the Devices list names it', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const named = async (userAgent: string) => {
        const reply = await app.inject({
          method: 'POST',
          url: '/api/v1/passkeys',
          headers: { ...bearer(user.auth_token), 'user-agent': userAgent },
          payload: {
            response: new SoftwareAuthenticator(RP).register(await registrationOptions(app, user)),
          },
        });
        expect(reply.statusCode, reply.body).toBe(201);
        return reply.json<PasskeyJson>().name;
      };
      const iphone =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
      const linux =
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
      expect(await named(iphone)).toBe('Safari on iPhone');
      expect(await named(linux)).toBe('Chrome on Linux');
      // A User-Agent that names no browser nor system: "Passkey" rather than "Unknown device".
      expect(await named('curl/8.5.0')).toBe('Passkey');
    });

    it('refuses a registration challenge used twice (400 invalid_passkey)', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const options = await registrationOptions(app, user);
      const post = (authenticator: SoftwareAuthenticator) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/passkeys',
          headers: bearer(user.auth_token),
          payload: { response: authenticator.register(options) },
        });
      expect((await post(new SoftwareAuthenticator(RP))).statusCode).toBe(201);
      const replay = await post(new SoftwareAuthenticator(RP));
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a response made on another origin', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await addPasskey(app, user, new SoftwareAuthenticator(RP), {
        origin: 'http://evil.test',
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a response for a relying party other than the host of PUBLIC_URL', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const elsewhere = new SoftwareAuthenticator({ id: 'evil.test', origin: RP.origin });
      const reply = await addPasskey(app, user, elsewhere);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a challenge the server never issued', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await addPasskey(app, user, new SoftwareAuthenticator(RP), {
        challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy',
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it("refuses another account's registration challenge", async () => {
      const { app } = await start(dialect);
      const owner = await newUser(app);
      const other = await newUser(app);
      const options = await registrationOptions(app, owner);
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/passkeys',
        headers: bearer(other.auth_token),
        payload: { response: new SoftwareAuthenticator(RP).register(options) },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a challenge older than 5 minutes', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const options = await registrationOptions(app, user);
      outliveChallenges();
      // The session proves its owner again, so only the challenge is old (DESIGN 7's guard).
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/v1/reauthenticate',
        headers: bearer(user.auth_token),
        payload: { password: STRONG_PASSWORD },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/passkeys',
        headers: bearer(user.auth_token),
        payload: { response: new SoftwareAuthenticator(RP).register(options) },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses the same authenticator twice', async () => {
      const { app } = await start(dialect);
      const { user, authenticator } = await userWithPasskey(app);
      const reply = await addPasskey(app, user, authenticator);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('refuses a response that is not WebAuthn at all (400 invalid_passkey)', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const response = new SoftwareAuthenticator(RP).register(await registrationOptions(app, user));
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/passkeys',
        headers: bearer(user.auth_token),
        payload: { response: { ...response, response: { ...response.response, clientDataJSON: 'AAAA' } } },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(INVALID_PASSKEY);
    });

    it('answers 400 invalid_request for a body without a response', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/passkeys',
        headers: bearer(user.auth_token),
        payload: { name: 'Laptop' },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('invalid_request');
    });

    it.each(['   ', 'x'.repeat(65)])(
      'answers 400 for the name %j, saying what a name may be',
      async (name) => {
        const { app } = await start(dialect);
        const user = await newUser(app);
        const reply = await addPasskey(app, user, new SoftwareAuthenticator(RP), { name });
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual({
          error: 'invalid_request',
          message: 'Please give the passkey a name of 1 to 64 characters.',
        });
      },
    );

    it('answers 401 without a token', async () => {
      const { app } = await start(dialect);
      const user = await newUser(app);
      const response = new SoftwareAuthenticator(RP).register(await registrationOptions(app, user));
      const reply = await app.inject({ method: 'POST', url: '/api/v1/passkeys', payload: { response } });
      expect(reply.statusCode).toBe(401);
      expect(await app.database.db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
    });
  });

  describe('GET /api/v1/passkeys', () => {
    it("lists the caller's passkeys, oldest first, and nobody else's", async () => {
      const { app } = await start(dialect);
      const { user, passkey: first } = await userWithPasskey(app);
      const second = (await addPasskey(app, user, new SoftwareAuthenticator(RP), { name: 'Phone' })).json();
      await userWithPasskey(app);
      const reply = await app.inject({ url: '/api/v1/passkeys', headers: bearer(user.auth_token) });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ passkeys: [first, second] });
    });

    it('answers 401 without a token', async () => {
      const { app } = await start(dialect);
      expect((await app.inject({ url: '/api/v1/passkeys' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/v1/passkeys/:id', () => {
    const rename = (app: Parameters<typeof newUser>[0], token: string, id: string, name: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/passkeys/${id}`,
        headers: bearer(token),
        payload: { name },
      });

    it('renames the passkey and answers with it', async () => {
      const { app } = await start(dialect);
      const { user, passkey } = await userWithPasskey(app);
      const reply = await rename(app, user.auth_token, passkey.id, ' Work laptop ');
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ ...passkey, name: 'Work laptop' });
    });

    it("answers 404 for an unknown id and for another account's passkey, which keeps its name", async () => {
      const { app } = await start(dialect);
      const { passkey: theirs, user: owner } = await userWithPasskey(app);
      const intruder = await newUser(app);
      for (const id of [theirs.id, 'nope']) {
        const reply = await rename(app, intruder.auth_token, id, 'Mine now');
        expect(reply.statusCode).toBe(404);
        expect(reply.json()).toEqual(NOT_FOUND);
      }
      const list = await app.inject({ url: '/api/v1/passkeys', headers: bearer(owner.auth_token) });
      expect(list.json().passkeys[0].name).toBe('Passkey');
    });

    it('drops control characters from the name, so a mail quoting it gets no forged lines', async () => {
      const { app } = await start(dialect);
      const { user, passkey } = await userWithPasskey(app);
      const forged = 'Laptop\r\nBcc: eve@example.com\u0000\u202eevil\u2028end\t';
      const reply = await rename(app, user.auth_token, passkey.id, forged);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().name).toBe('Laptop Bcc: eve@example.com evil end');
      expect(reply.json().name).not.toMatch(/[\p{Cc}\u2028\u202e]/u);
    });

    it('answers 400 for a name of control characters only, as for an empty one', async () => {
      const { app } = await start(dialect);
      const { user, passkey } = await userWithPasskey(app);
      const reply = await rename(app, user.auth_token, passkey.id, '\n\r\t\u0007');
      expect(reply.statusCode).toBe(400);
    });

    it('answers 400 for an empty name', async () => {
      const { app } = await start(dialect);
      const { user, passkey } = await userWithPasskey(app);
      const reply = await rename(app, user.auth_token, passkey.id, '');
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('Please give the passkey a name of 1 to 64 characters.');
    });

    it('answers 401 without a token', async () => {
      const { app } = await start(dialect);
      const reply = await app.inject({ method: 'PATCH', url: '/api/v1/passkeys/x', payload: { name: 'a' } });
      expect(reply.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/v1/passkeys/:id', () => {
    const remove = (app: Parameters<typeof newUser>[0], token: string, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/v1/passkeys/${id}`, headers: bearer(token) });

    it('removes the passkey (204), and a second removal answers 404', async () => {
      const { app } = await start(dialect);
      const { user, passkey } = await userWithPasskey(app);
      const reply = await remove(app, user.auth_token, passkey.id);
      expect(reply.statusCode).toBe(204);
      expect(reply.body).toBe('');
      const list = await app.inject({ url: '/api/v1/passkeys', headers: bearer(user.auth_token) });
      expect(list.json()).toEqual({ passkeys: [] });
      const again = await remove(app, user.auth_token, passkey.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it("answers 404 for another account's passkey and leaves it in place", async () => {
      const { app } = await start(dialect);
      const { passkey } = await userWithPasskey(app);
      const intruder = await newUser(app);
      const reply = await remove(app, intruder.auth_token, passkey.id);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual(NOT_FOUND);
      expect(await app.database.db.selectFrom('passkeys').select('id').execute()).toEqual([
        { id: passkey.id },
      ]);
    });

    it('answers 401 without a token', async () => {
      const { app } = await start(dialect);
      expect((await app.inject({ method: 'DELETE', url: '/api/v1/passkeys/x' })).statusCode).toBe(401);
    });
  });

  it('mails the account when a passkey is added and when one is removed', async () => {
    const { app, smtp } = await start(dialect);
    const user = await newUser(app);
    const added = await addPasskey(app, user, new SoftwareAuthenticator(RP), { name: 'Laptop' });
    const addedMail = await smtp.waitForMail(user.email);
    expect(addedMail.subject).toBe('A passkey was added to your BullApp account');
    expect(addedMail.text).toContain('A passkey named "Laptop" was just added');
    const since = smtp.mails.length;
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/passkeys/${added.json().id}`,
      headers: bearer(user.auth_token),
    });
    const removedMail = await smtp.waitForMail(user.email, { since });
    expect(removedMail.subject).toBe('A passkey was removed from your BullApp account');
    expect(removedMail.text).toContain('The passkey named "Laptop" was just removed');
  });

  it('goes with the account: deleting the user deletes its passkeys', async () => {
    const { app } = await start(dialect);
    const { user } = await userWithPasskey(app);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(reply.json()).toEqual({ success: true, email: '' });
    expect(await app.database.db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
  });
});
