import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/users.js';
import { bearer, signIn, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  addPasskey,
  authenticationOptions,
  newUser,
  passkeysKit,
  RP,
  userWithPasskey,
} from '../test/passkeys-kit.js';
import { SoftwareAuthenticator } from '../test/software-authenticator.js';
import { enableWith, setUp, totpCode } from '../test/two-factor-kit.js';

/** DESIGN 7, "Fresh authentication for what adds a way in". */
const start = passkeysKit();
const REQUIRED = {
  error: 'reauthentication_required',
  message: 'For your safety, please confirm it is you: enter your password.',
};

/** Moves the clock past the 5 minutes a sign-in counts as a fresh proof. */
const sixMinutesLater = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });

const reauthenticate = (app: FastifyInstance, user: User, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/reauthenticate', headers: bearer(user.auth_token), payload });
const askOptions = (app: FastifyInstance, user: User) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/passkeys/registration_options',
    headers: bearer(user.auth_token),
  });

describe.each(testDialects)('fresh authentication on %s', (dialect) => {
  it('refuses to add a passkey with only a Bearer token of a session older than 5 minutes', async () => {
    const { app } = await start(dialect);
    const user = await newUser(app);
    sixMinutesLater();
    const reply = await askOptions(app, user);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual(REQUIRED);
  });

  it('lets the session add one for 5 minutes after the password confirms it, and not with a wrong one', async () => {
    const { app } = await start(dialect);
    const user = await newUser(app);
    sixMinutesLater();
    const wrong = await reauthenticate(app, user, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'invalid_credentials' });
    expect((await askOptions(app, user)).statusCode).toBe(403);
    expect((await reauthenticate(app, user, { password: STRONG_PASSWORD })).statusCode).toBe(204);
    expect((await addPasskey(app, user, new SoftwareAuthenticator(RP))).statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    expect((await askOptions(app, user)).json()).toEqual(REQUIRED);
  });

  it('takes an assertion of one of the account’s own passkeys, not another account’s', async () => {
    const { app } = await start(dialect);
    const { user, authenticator } = await userWithPasskey(app);
    const other = await userWithPasskey(app);
    sixMinutesLater();
    const foreign = other.authenticator.authenticate(await authenticationOptions(app));
    expect((await reauthenticate(app, user, { passkey: foreign })).statusCode).toBe(401);
    const own = authenticator.authenticate(await authenticationOptions(app));
    expect((await reauthenticate(app, user, { passkey: own })).statusCode).toBe(204);
    expect((await askOptions(app, user)).statusCode).toBe(200);
  });

  it('is the proof of this session only: a QR session is not fresh, nor another session', async () => {
    const { app } = await start(dialect);
    const user = await newUser(app);
    const other = await signIn(app, { email: user.email });
    sixMinutesLater();
    expect((await reauthenticate(app, other, { password: STRONG_PASSWORD })).statusCode).toBe(204);
    expect((await askOptions(app, user)).statusCode).toBe(403);
    const qr = await app.inject({
      url: '/api/v1/check_chromes_password',
      query: { password: STRONG_PASSWORD },
      headers: bearer(other.auth_token),
    });
    const token = /#auth_token=(\S+)$/.exec(qr.json<{ link: string }>().link)![1]!;
    const redeemed = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { auth_token: token, qr: true } },
    });
    expect((await askOptions(app, redeemed.json<User>())).json()).toEqual(REQUIRED);
  });

  it('asks again before two-step sign-in is turned on more than 5 minutes after the password', async () => {
    const { app } = await start(dialect);
    const user = await newUser(app);
    sixMinutesLater();
    // The set-up's own password is a fresh proof...
    const { secret } = await setUp(app, user);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    // ...for 5 minutes.
    const late = await enableWith(app, user, totpCode(secret));
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(REQUIRED);
    expect((await reauthenticate(app, user, { password: STRONG_PASSWORD })).statusCode).toBe(204);
    expect((await enableWith(app, user, totpCode(secret))).statusCode).toBe(200);
  });
});
