import { describe, expect, it } from 'vitest';
import {
  bearer,
  changeWithToken,
  requestReset,
  resetLinkFor,
  signIn,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { agentWithPasskey, consoleGet } from '../test/admin-kit.js';
import { PUBLIC_URL } from '../test/cable-kit.js';
import { buildTestApp, testDialects } from '../test/helper.js';
import { startTestProvider, type TestProvider } from '../../tests/support/oidc-provider.js';
import {
  APP_URL,
  deliver,
  identitiesOf,
  oidcWorld,
  pendingTokenOf,
  redeem,
  signInThrough,
  start,
  throughProvider,
} from '../test/oidc-kit.js';

const open = oidcWorld();
type World = Awaited<ReturnType<typeof open>>;

async function verify(app: World['app'], email: string) {
  await app.database.db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('email', '=', email)
    .execute();
}

async function linkToken(app: World['app'], token: string) {
  return app.inject({ method: 'POST', url: '/api/v1/identities/link_token', headers: bearer(token) });
}

/** Connect from the account page: the link token, then the flow with intent=link. */
async function connect(app: World['app'], token: string, login: string, provider = 'google') {
  const reply = await linkToken(app, token);
  expect(reply.statusCode, reply.body).toBe(200);
  const started = await start(
    app,
    provider,
    `intent=link&return_to=%2Faccount%2Fsecurity&link_token=${reply.json().link_token}`,
  );
  return deliver(app, await throughProvider(started.location, { login }), { state: started.state });
}

describe.each(testDialects)('Connected accounts (DESIGN 14) on %s', (dialect) => {
  it('connects an identity to the signed-in account only, and signs in with it after', async () => {
    const { app, google, smtp } = await open(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await verify(app, 'ada@example.com');
    // The provider's address is another: a link by intent does not need it to match.
    google.setAccount('ada-work', { email: 'ada@work.example', email_verified: true });
    const callback = await connect(app, ada.auth_token, 'ada-work');
    expect(callback.headers.location).toBe('/account/security?connected=google');
    const [identity] = await identitiesOf(app, ada.auth_token);
    expect(identity).toMatchObject({ provider: 'google', email: 'ada@work.example', last_used_at: null });
    await expect
      .poll(() => smtp.mails.map((m) => m.subject))
      .toContain('Google was connected to your BullApp account');
    const again = await redeem(
      app,
      pendingTokenOf(await signInThrough(app, 'google', { login: 'ada-work' })),
    );
    expect(again.id).toBe(ada.id);
  });

  it('says oidc_identity_taken when the identity is another account’s', async () => {
    const { app, google } = await open(dialect);
    google.setAccount('shared', { email: 'owner@example.com', email_verified: true });
    await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'shared' })));
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await verify(app, 'ada@example.com');
    const callback = await connect(app, ada.auth_token, 'shared');
    expect(callback.headers.location).toBe('/account/security?error=oidc_identity_taken&provider=google');
    expect(await identitiesOf(app, ada.auth_token)).toEqual([]);
  });

  it('gives a link token only to a fresh session of a verified account, and it works once', async () => {
    const { app, shiftClock } = await open(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    const unverified = await linkToken(app, ada.auth_token);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error).toBe('email_not_verified');
    await verify(app, 'ada@example.com');
    shiftClock(6 * 60_000);
    const stale = await linkToken(app, ada.auth_token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toBe('reauthentication_required');
    shiftClock(-6 * 60_000);
    const fresh = await signIn(app, { email: 'ada@example.com' });
    const { link_token: token } = (await linkToken(app, fresh.auth_token)).json();
    const first = await start(app, 'google', `intent=link&link_token=${token}`);
    expect(first.state).toBeDefined();
    const second = await app.inject({ url: `/auth/google/start?intent=link&link_token=${token}` });
    expect(second.headers.location).toBe('/account/security?error=oidc_link_expired&provider=google');
    const none = await app.inject({ url: '/auth/google/start?intent=link' });
    expect(none.headers.location).toBe('/account/security?error=oidc_link_expired&provider=google');
  });

  it('a link token dies with the session that asked for it', async () => {
    const { app } = await open(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await verify(app, 'ada@example.com');
    const { link_token: token } = (await linkToken(app, ada.auth_token)).json();
    await app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(ada.auth_token) });
    const reply = await app.inject({ url: `/auth/google/start?intent=link&link_token=${token}` });
    expect(reply.headers.location).toBe('/account/security?error=oidc_link_expired&provider=google');
  });

  it('refuses to disconnect the last way in (409), and disconnects with the password otherwise', async () => {
    const { app, google, smtp } = await open(dialect);
    google.setAccount('only', { email: 'only@example.com', email_verified: true });
    const only = await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'only' })));
    const [identity] = await identitiesOf(app, only.auth_token);
    const last = await app.inject({
      method: 'DELETE',
      url: `/api/v1/identities/${identity!.id}`,
      headers: bearer(only.auth_token),
      payload: { code: '123456' },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      error: 'last_sign_in_method',
      message: 'This is your only way to sign in. Set a password or add a passkey first, then disconnect it.',
    });

    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await verify(app, 'ada@example.com');
    google.setAccount('ada-google', { email: 'ada@example.com', email_verified: true });
    expect((await connect(app, ada.auth_token, 'ada-google')).headers.location).toBe(
      '/account/security?connected=google',
    );
    const [adas] = await identitiesOf(app, ada.auth_token);
    const remove = (payload: object, id = adas!.id) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/identities/${id}`,
        headers: bearer(ada.auth_token),
        payload,
      });
    expect((await remove({ password: 'not her password' })).statusCode).toBe(403);
    const notHers = await remove({ password: STRONG_PASSWORD }, identity!.id);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().error).toBe('identity_not_found');
    expect((await remove({ password: STRONG_PASSWORD })).statusCode).toBe(204);
    expect(await identitiesOf(app, ada.auth_token)).toEqual([]);
    await expect
      .poll(() => smtp.mails.map((m) => m.subject))
      .toContain('Google was disconnected from your BullApp account');
    // It no longer signs in to her account: with her address verified at a trusted provider, it is linked anew.
    expect((await remove({ password: STRONG_PASSWORD })).statusCode).toBe(404);
  });

  it('an account without a password disconnects with a mailed code while another provider is left', async () => {
    const { app, google, apple, smtp } = await open(dialect);
    google.setAccount('g', { email: 'nopass@example.com', email_verified: true });
    const user = await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'g' })));
    expect(user.has_password).toBe(false);
    // The provider's sign-in counts as fresh: Connect needs no other proof in its first minutes.
    apple.setAccount('a', { email: 'relay@privaterelay.example', email_verified: 'true' });
    expect((await connect(app, user.auth_token, 'a', 'apple')).headers.location).toBe(
      '/account/security?connected=apple',
    );
    const identities = await identitiesOf(app, user.auth_token);
    const byProvider = (name: string) => identities.find((identity) => identity.provider === name)!.id;
    const mailedCode = async () => {
      const before = smtp.mails.length;
      const asked = await app.inject({
        method: 'POST',
        url: '/api/v1/reauth_code',
        headers: bearer(user.auth_token),
      });
      expect(asked.statusCode, asked.body).toBe(204);
      // Other mails (the connection's notice) may arrive meanwhile: the one with a code.
      for (let since = before; ; since += 1) {
        const mail = await smtp.waitForMail('nopass@example.com', { since });
        const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
        if (code) return code;
        since = smtp.mails.indexOf(mail);
      }
    };
    const remove = async (id: string) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/identities/${id}`,
        headers: bearer(user.auth_token),
        payload: { code: await mailedCode() },
      });
    expect((await remove(byProvider('google'))).statusCode).toBe(204);
    expect((await identitiesOf(app, user.auth_token)).map((identity) => identity.provider)).toEqual([
      'apple',
    ]);
    const last = await app.inject({
      method: 'DELETE',
      url: `/api/v1/identities/${byProvider('apple')}`,
      headers: bearer(user.auth_token),
      payload: { code: '000000' },
    });
    expect(last.statusCode).toBe(409);
  });

  it('a reset that confirms a never-confirmed address disconnects what was connected before it', async () => {
    const { app, smtp } = await open(dialect);
    const squatter = await signUpUser(app, { email: 'victim@example.com' });
    // Unreachable through the API (an unconfirmed address is never linked): planted, as a bug might one day.
    await app.database.db
      .insertInto('identities')
      .values({
        id: 'planted',
        user_id: squatter.id,
        provider: 'google',
        subject: 'squatter-sub',
        email: 'squatter@gmail.example',
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
    const before = smtp.mails.length;
    expect((await requestReset(app, 'victim@example.com')).statusCode).toBe(204);
    const { token } = await resetLinkFor(smtp, 'victim@example.com', before);
    expect((await changeWithToken(app, token, 'a brand new passphrase')).statusCode).toBe(204);
    expect(await app.database.db.selectFrom('identities').selectAll().execute()).toEqual([]);
  });

  it('puts the connected accounts in the export, never the subject, and the deletion takes them', async () => {
    const { app, google } = await open(dialect);
    google.setAccount('exported', { email: 'exported@example.com', email_verified: true });
    const user = await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'exported' })));
    const exported = await app.inject({ url: '/api/v1/export', headers: bearer(user.auth_token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().identities).toEqual([
      {
        provider: 'google',
        email: 'exported@example.com',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
    expect(exported.body).not.toContain('"exported"');
    await app.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await app.database.db.selectFrom('identities').selectAll().execute()).toEqual([]);
  });

  it("shows the person's connected accounts on the support console's page", async () => {
    const { app, google } = await open(dialect, {}, { appUrl: PUBLIC_URL });
    const { token } = await agentWithPasskey(app);
    google.setAccount('person', { email: 'person@example.com', email_verified: true });
    const person = await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'person' })));
    const reply = await consoleGet(app, token, `/api/v1/admin/users/${person.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().identities).toEqual([
      {
        id: expect.any(String),
        provider: 'google',
        email: 'person@example.com',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
      },
    ]);
  });

  it('asks an unreachable provider again, and offers it once it answers', async () => {
    // A port nobody listens on now, where the provider will start later.
    const probe = await startTestProvider({ kind: 'google', appUrl: APP_URL });
    const port = Number(new URL(probe.issuer).port);
    await probe.close();
    const testApp = await buildTestApp({
      dialect,
      env: {
        OIDC_PROVIDERS: 'google',
        OIDC_GOOGLE_CLIENT_ID: 'google-client',
        OIDC_GOOGLE_CLIENT_SECRET: 'fixed-secret',
        OIDC_GOOGLE_ISSUER: probe.issuer,
      },
    });
    let google: TestProvider | undefined;
    try {
      const { app } = testApp;
      await app.ready();
      expect((await app.inject({ url: '/auth/google/start' })).headers.location).toBe(
        '/login?error=oidc_unavailable&provider=google',
      );
      google = await startTestProvider({
        kind: 'google',
        appUrl: APP_URL,
        port,
        clientSecret: 'fixed-secret',
      });
      // A failed provider is asked again at most every 2 s when someone presses its button.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const started = await app.inject({ url: '/auth/google/start' });
      expect(started.headers.location).toMatch(new RegExp(`^${google.issuer}/auth\\?`));
      const providers = await app.inject({ url: '/api/v1/auth/providers' });
      expect(providers.json().providers).toEqual([{ id: 'google', name: 'Google', available: true }]);
    } finally {
      await testApp.close();
      await google?.close();
    }
  });

  it('shows an unreachable provider as unavailable without stopping the app, and says so on start', async () => {
    const testApp = await buildTestApp({
      dialect,
      env: {
        OIDC_PROVIDERS: 'corp',
        OIDC_CORP_CLIENT_ID: 'c',
        OIDC_CORP_CLIENT_SECRET: 's',
        // Nothing listens there.
        OIDC_CORP_ISSUER: 'http://127.0.0.1:9',
      },
    });
    try {
      const { app } = testApp;
      await app.ready();
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const start = await app.inject({ url: '/auth/corp/start' });
      expect(start.headers.location).toBe('/login?error=oidc_unavailable&provider=corp');
      const providers = await app.inject({ url: '/api/v1/auth/providers' });
      expect(providers.json()).toEqual({ providers: [{ id: 'corp', name: 'Corp', available: false }] });
    } finally {
      await testApp.close();
    }
  });
});
