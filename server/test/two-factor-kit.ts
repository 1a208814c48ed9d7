import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type {
  RecoveryCodesReply,
  TwoFactorRequired,
  TwoFactorSetupReply,
} from '../../contract/two-factor.js';
import type { User } from '../../contract/users.js';
import { bearer, signUpUser, STRONG_PASSWORD } from './accounts.js';
import { appWithMail } from './smtp.js';
import { totpCode } from '../../tests/support/totp.js';

export { totpCode };

/** For a two-step sign-in test file: `start(dialect)` gives an app that mails through a real SMTP server. */
export const twoFactorKit = () => appWithMail();

/** Stops the clock at `at` (only Date: timers, sockets and the database keep running). */
export function freezeClock(at: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

/** A time in the middle of a 30-second step, so a test's own steps never straddle a boundary. */
export const MID_STEP = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;

let emails = 0;
/** A new account with an e-mail address of its own. */
export function newUser(app: FastifyInstance): Promise<User> {
  emails += 1;
  return signUpUser(app, { email: `totp${emails}-${process.pid}@example.com` });
}

export const postJson = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

/** A settings call the password confirms (set-up, turning off, new recovery codes), made as `user`. */
export const confirmWithPassword = (
  app: FastifyInstance,
  user: User,
  call: 'setup' | 'disable' | 'recovery_codes',
  password = STRONG_PASSWORD,
) => postJson(app, `/api/v1/two_factor/${call}`, { password }, user.auth_token);

/** Turning two-step sign-in on with `code`, as `user`. */
export const enableWith = (app: FastifyInstance, user: User, code: string) =>
  postJson(app, '/api/v1/two_factor/enable', { code }, user.auth_token);

/** The reply to a wrong authenticator or recovery code. */
export const INVALID_CODE = {
  error: 'invalid_code',
  message: 'That code is not right. Check the code your authenticator app shows now, or use a recovery code.',
};

export async function setUp(app: FastifyInstance, user: User): Promise<TwoFactorSetupReply> {
  const reply = await confirmWithPassword(app, user, 'setup');
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** A user with two-step sign-in on: its secret and its ten recovery codes. */
export async function userWithTwoFactor(app: FastifyInstance, existing?: User) {
  const user = existing ?? (await newUser(app));
  const { secret } = await setUp(app, user);
  const reply = await enableWith(app, user, totpCode(secret));
  expect(reply.statusCode, reply.body).toBe(200);
  return { user, secret, recoveryCodes: reply.json<RecoveryCodesReply>().recovery_codes };
}

export const passwordStep = (app: FastifyInstance, email: string, password = STRONG_PASSWORD) =>
  postJson(app, '/api/v1/login', { session: { email, password } });

/** The password step of an account with two-step sign-in on: its challenge. */
export async function challengeOf(app: FastifyInstance, email: string): Promise<string> {
  const reply = await passwordStep(app, email);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<TwoFactorRequired>().challenge;
}

export const codeStep = (app: FastifyInstance, challenge: string, code: string) =>
  postJson(app, '/api/v1/login', { session: { challenge, code } });

export async function twoFactorStatus(app: FastifyInstance, user: User) {
  const reply = await app.inject({ url: '/api/v1/two_factor', headers: bearer(user.auth_token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}
