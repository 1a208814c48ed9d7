import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { User } from '../../contract/users.js';
import { runRoleCommand } from '../support/support-roles.js';
import { bearer, signUpUser } from './accounts.js';
import { RawSocket } from './cable-kit.js';
import { addPasskey, signInWithPasskey, RP } from './passkeys-kit.js';
import { SoftwareAuthenticator } from './software-authenticator.js';
import type { Kit } from './subscriptions-kit.js';

/** Tools for tests of the support console (DESIGN 16), on an app of the subscriptions kit (PayPal, SMTP, a port). */

let emails = 0;
/** A new member with an address of its own. */
export function newPerson(app: FastifyInstance, name = 'person'): Promise<User> {
  emails += 1;
  return signUpUser(app, { email: `${name}${emails}-${process.pid}@example.com` });
}

/** Makes the account a support agent as the operator does: the command line's own code. */
export async function grant(app: FastifyInstance, email: string, name: 'grant' | 'revoke' = 'grant') {
  const { db, audit } = app.ctx;
  return runRoleCommand({ db, audit }, { name, email }, { operator: 'tester' });
}

/** A support agent signed in with a passkey (two factors): their account and the token of that session. */
export async function agentWithPasskey(app: FastifyInstance) {
  const account = await newPerson(app, 'agent');
  const authenticator = new SoftwareAuthenticator(RP);
  expect((await addPasskey(app, account, authenticator)).statusCode).toBe(201);
  await grant(app, account.email);
  const reply = await signInWithPasskey(app, authenticator);
  expect(reply.statusCode, reply.body).toBe(200);
  return { account, token: reply.json<User>().auth_token, authenticator };
}

export const consoleGet = (app: FastifyInstance, token: string | null, url: string) =>
  app.inject({ url, headers: token ? bearer(token) : {} });

/** POST /api/v1/admin/users/:id/<action> with a reason (a body as given, when `payload` is set). */
export const act = (
  app: FastifyInstance,
  token: string | null,
  id: number,
  action: string,
  payload: unknown = { reason: 'The person asked us by phone, ticket 4711.' },
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${id}/${action}`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

export const deletePerson = (
  app: FastifyInstance,
  token: string | null,
  id: number,
  payload: unknown = { reason: 'The person asked us to delete the account.' },
) =>
  app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/users/${id}`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

/** An open page of the person: a socket on AccountChannel of the app the kit listens with. */
export async function openPage(kit: Kit, token: string): Promise<RawSocket> {
  const cableUrl = `${kit.webhookUrl.replace(/^http/, 'ws').replace(/\/api\/v1\/paypal\/webhook$/, '')}/cable`;
  const socket = await RawSocket.welcomed(cableUrl, { token });
  await socket.subscribe();
  return socket;
}

/** The newest audit event of an event name, as stored (the subject and actor are keyed hashes). */
export async function lastAudit(app: FastifyInstance, event: string) {
  return app.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
