import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { PasskeyJson } from '../../contract/passkeys.js';
import type { User } from '../../contract/users.js';
import { bearer, signUpUser } from './accounts.js';
import { PUBLIC_URL } from './cable-kit.js';
import { appWithMail } from './smtp.js';
import { SoftwareAuthenticator, type CeremonyOverrides } from './software-authenticator.js';

/** The relying party of an app whose PUBLIC_URL is PUBLIC_URL. */
export const RP = { id: new URL(PUBLIC_URL).hostname, origin: PUBLIC_URL };

/** For a passkeys test file: `start(dialect)` gives an app that mails through a real SMTP server. */
export const passkeysKit = () => appWithMail({ PUBLIC_URL });

/** The reply to a passkey that could not be verified. */
export const INVALID_PASSKEY = {
  error: 'invalid_passkey',
  message: 'This passkey could not be verified. Please try again, or sign in with your password.',
};

/** Moves the clock (Date only) a second past a ceremony challenge's 5 minutes; the kit puts it back. */
export function outliveChallenges() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
}

let emails = 0;
/** A new account with an e-mail address of its own. */
export function newUser(app: FastifyInstance): Promise<User> {
  emails += 1;
  return signUpUser(app, { email: `passkey${emails}-${process.pid}@example.com` });
}

export async function registrationOptions(app: FastifyInstance, user: User) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/passkeys/registration_options',
    headers: bearer(user.auth_token),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<PublicKeyCredentialCreationOptionsJSON>();
}

/** Asks for options, lets the authenticator answer them, and posts the answer: the reply of POST /passkeys. */
export async function addPasskey(
  app: FastifyInstance,
  user: User,
  authenticator: SoftwareAuthenticator,
  { name, ...overrides }: CeremonyOverrides & { name?: string } = {},
) {
  const options = await registrationOptions(app, user);
  return app.inject({
    method: 'POST',
    url: '/api/v1/passkeys',
    headers: bearer(user.auth_token),
    payload: {
      ...(name === undefined ? {} : { name }),
      response: authenticator.register(options, overrides),
    },
  });
}

/** A user with one passkey on a new software authenticator. */
export async function userWithPasskey(
  app: FastifyInstance,
  { counter = 0, user: existing }: { counter?: number; user?: User } = {},
) {
  const user = existing ?? (await newUser(app));
  const authenticator = new SoftwareAuthenticator(RP, { counter });
  const reply = await addPasskey(app, user, authenticator);
  expect(reply.statusCode, reply.body).toBe(201);
  return { user, authenticator, passkey: reply.json<PasskeyJson>() };
}

export async function authenticationOptions(app: FastifyInstance) {
  const reply = await app.inject({ method: 'POST', url: '/api/v1/passkeys/authentication_options' });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<PublicKeyCredentialRequestOptionsJSON>();
}

export const loginWithPasskey = (app: FastifyInstance, passkey: AuthenticationResponseJSON) =>
  app.inject({ method: 'POST', url: '/api/v1/login', payload: { session: { passkey } } });

/** Options, an assertion from the authenticator, and the login call: its reply. */
export async function signInWithPasskey(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  overrides: CeremonyOverrides = {},
) {
  return loginWithPasskey(app, authenticator.authenticate(await authenticationOptions(app), overrides));
}
