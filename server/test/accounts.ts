import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { User } from '../../contract/users.js';
import type { TestSmtpServer } from './smtp.js';

/** A password that passes every rule. */
export const STRONG_PASSWORD = 'violet kettle rainfall';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUpUser(
  app: FastifyInstance,
  { email = 'ada@example.com', password = STRONG_PASSWORD }: { email?: string; password?: string } = {},
): Promise<User> {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    payload: { user: { email, password } },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json();
}

/** Waits for the work every sign-up does after its reply (the confirmation mail of DESIGN 13) to end. */
export async function settleSignUps(app: FastifyInstance): Promise<void> {
  await app.signUpQueue.flush();
  await app.ctx.mailer.flush();
}

/** The account's address as confirmed (DESIGN 13), for tests about what needs one, such as subscribing. */
export async function confirmAddress(app: FastifyInstance, user: { id: number }): Promise<void> {
  await app.database.db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('id', '=', user.id)
    .execute();
}

export async function signIn(
  app: FastifyInstance,
  { email = 'ada@example.com', password = STRONG_PASSWORD }: { email?: string; password?: string } = {},
): Promise<User> {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { session: { email, password } },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** Status of GET /api/v1/me with this token: 200 while the session lives, 401 after. */
export async function meStatus(app: FastifyInstance, token: string): Promise<number> {
  return (await app.inject({ url: '/api/v1/me', headers: bearer(token) })).statusCode;
}

/** Every row of every table, to check what the database holds. */
export async function dumpDatabase(app: FastifyInstance) {
  const { db } = app.database;
  return {
    users: await db.selectFrom('users').selectAll().execute(),
    sessions: await db.selectFrom('sessions').selectAll().execute(),
    password_resets: await db.selectFrom('password_resets').selectAll().execute(),
    audit_events: await db.selectFrom('audit_events').selectAll().execute(),
    app_secrets: await db.selectFrom('app_secrets').selectAll().execute(),
  };
}

export const requestReset = (app: FastifyInstance, email: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v2/reset_password', payload: { email }, headers });

export const changeWithToken = (app: FastifyInstance, token: string, password: string) =>
  app.inject({ method: 'PUT', url: '/api/v2/change_password', payload: { password_hash: token, password } });

/** The link of the reset mail, as a person would click it, and the token at its end. */
export async function resetLinkFor(smtp: TestSmtpServer, email: string, since = 0) {
  const mail = await smtp.waitForMail(email, { since });
  const link = /(http\S+\/change-password\/\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return { mail, link: link!, token: link!.split('/').at(-1)! };
}
