import { describe, expect, it } from 'vitest';
import { bearer, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import {
  identitiesOf,
  oidcWorld,
  pendingTokenOf,
  redeem,
  signInThrough,
  start,
  throughProvider,
  deliver,
} from '../test/oidc-kit.js';
import { codeStep, setUp, enableWith, totpCode } from '../test/two-factor-kit.js';

const open = oidcWorld();

/** Marks an account's address as confirmed, as DESIGN 13's code or link would. */
async function verify(app: Awaited<ReturnType<typeof open>>['app'], email: string) {
  await app.database.db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('email', '=', email)
    .execute();
}

describe.each(testDialects)('Sign in with a provider (DESIGN 14) on %s', (dialect) => {
  it('lists the configured providers', async () => {
    const { app } = await open(dialect);
    const reply = await app.inject({ url: '/api/v1/auth/providers' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().providers).toEqual([
      { id: 'google', name: 'Google', available: true },
      { id: 'apple', name: 'Apple', available: true },
    ]);
  });

  it('starts with state, nonce and PKCE S256 in a 10-minute HttpOnly Lax cookie; 404 for an unknown provider', async () => {
    const { app, google } = await open(dialect);
    const started = await start(app, 'google');
    const url = new URL(started.location);
    expect(url.origin).toBe(google.issuer);
    expect(url.searchParams.get('client_id')).toBe(google.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe(started.state);
    expect(url.searchParams.has('response_mode')).toBe(false);
    const cookie = started.reply.cookies.find((c) => c.name === 'bullapp_oidc')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/', maxAge: 600 });
    expect((await app.inject({ url: '/auth/github/start' })).statusCode).toBe(404);
  });

  it('makes a new account, verified and without a password, when nobody has the address', async () => {
    const { app, google } = await open(dialect);
    google.setAccount('new-person', { email: 'New.Person@example.com', email_verified: true });
    const token = pendingTokenOf(await signInThrough(app, 'google', { login: 'new-person' }));
    const user = await redeem(app, token);
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      email_verified: true,
      has_password: false,
    });
    const sessions = await app.inject({ url: '/api/v1/sessions', headers: bearer(user.auth_token) });
    expect(sessions.json().sessions).toEqual([expect.objectContaining({ kind: 'oidc', current: true })]);
    expect(await identitiesOf(app, user.auth_token)).toEqual([
      expect.objectContaining({ provider: 'google', email: 'New.Person@example.com' }),
    ]);
    // The pending token works once.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { auth_token: token, qr: true } },
    });
    expect(again.statusCode).toBe(401);
  });

  it('signs the returning identity in to the same account', async () => {
    const { app, google } = await open(dialect);
    google.setAccount('returning', { email: 'returning@example.com', email_verified: true });
    const first = await redeem(
      app,
      pendingTokenOf(await signInThrough(app, 'google', { login: 'returning' })),
    );
    // The provider's address changed since: the identity still signs in to its account.
    google.setAccount('returning', { email: 'elsewhere@example.com', email_verified: false });
    const second = await redeem(
      app,
      pendingTokenOf(await signInThrough(app, 'google', { login: 'returning' })),
    );
    expect(second.id).toBe(first.id);
    expect(second.auth_token).not.toBe(first.auth_token);
    expect(await app.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('links to a verified account at a trusted provider, and mails the account', async () => {
    const { app, google, smtp } = await open(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await verify(app, 'ada@example.com');
    google.setAccount('ada-google', { email: 'ada@example.com', email_verified: true });
    const user = await redeem(
      app,
      pendingTokenOf(await signInThrough(app, 'google', { login: 'ada-google' })),
    );
    expect(user.id).toBe(ada.id);
    // Her own session goes on, and her password still works.
    expect((await app.inject({ url: '/api/v1/me', headers: bearer(ada.auth_token) })).statusCode).toBe(200);
    const mail = await waitForSubject(smtp, 'Google was connected to your BullApp account');
    expect(mail.to).toContain('ada@example.com');
    expect(mail.text).toContain('The Google account ada@example.com can now sign in');
    expect(await identitiesOf(app, user.auth_token)).toHaveLength(1);
  });

  it('refuses to link at a provider whose e-mail is not trusted: oidc_account_exists', async () => {
    const { app, google } = await open(dialect, { OIDC_GOOGLE_TRUST_EMAIL: 'false' });
    await signUpUser(app, { email: 'ada@example.com' });
    await verify(app, 'ada@example.com');
    google.setAccount('ada-google', { email: 'ada@example.com', email_verified: true });
    const callback = await signInThrough(app, 'google', { login: 'ada-google' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=oidc_account_exists&provider=google');
    expect(await app.database.db.selectFrom('identities').selectAll().execute()).toEqual([]);
  });

  it('lets the mailbox owner take back an unverified account: its password and sessions end', async () => {
    const { app, google, smtp } = await open(dialect);
    const squatter = await signUpUser(app, { email: 'victim@example.com' });
    google.setAccount('victim', { email: 'victim@example.com', email_verified: true });
    const owner = await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'victim' })));
    expect(owner).toMatchObject({ id: squatter.id, email_verified: true, has_password: false });
    expect((await app.inject({ url: '/api/v1/me', headers: bearer(squatter.auth_token) })).statusCode).toBe(
      401,
    );
    const oldPassword = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'victim@example.com', password: STRONG_PASSWORD } },
    });
    expect(oldPassword.statusCode).toBe(401);
    const mail = await waitForSubject(smtp, 'You signed in to BullApp with Google');
    expect(mail.text).toContain('Its password was removed');
  });

  it('a take-back turns off a two-step sign-in the squatter set up (DESIGN 7: a first confirmation)', async () => {
    const { app, google, smtp } = await open(dialect);
    const squatter = await signUpUser(app, { email: 'victim@example.com' });
    const { secret } = await setUp(app, squatter);
    expect((await enableWith(app, squatter, totpCode(secret))).statusCode).toBe(200);
    google.setAccount('victim', { email: 'victim@example.com', email_verified: true });
    const owner = await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'victim' })));
    // No code step: the squatter's authenticator no longer guards the owner's account.
    expect(owner).toMatchObject({ id: squatter.id, auth_token: expect.any(String) });
    const status = await app.inject({ url: '/api/v1/two_factor', headers: bearer(owner.auth_token) });
    expect(status.json()).toMatchObject({ enabled: false });
    const mail = await waitForSubject(smtp, 'You signed in to BullApp with Google');
    expect(mail.text).toContain('Two-step sign-in was turned off too');
  });

  it('never links or creates when the provider has not verified the e-mail: oidc_email_unverified', async () => {
    const { app, google } = await open(dialect);
    await signUpUser(app, { email: 'ada@example.com' });
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      google.setAccount('unverified', { email, email_verified: false });
      const callback = await signInThrough(app, 'google', { login: 'unverified' });
      expect(callback.headers.location).toBe('/login?error=oidc_email_unverified&provider=google');
    }
    expect(await app.database.db.selectFrom('users').select('email').execute()).toEqual([
      { email: 'ada@example.com' },
    ]);
  });

  it('asks for the two-step code after a provider sign-in', async () => {
    const { app, google } = await open(dialect);
    const ada = await signUpUser(app, { email: 'ada@example.com' });
    await verify(app, 'ada@example.com');
    const { secret } = await setUp(app, ada);
    expect((await enableWith(app, ada, totpCode(secret))).statusCode).toBe(200);
    google.setAccount('ada-google', { email: 'ada@example.com', email_verified: true });
    const step = await redeem(
      app,
      pendingTokenOf(await signInThrough(app, 'google', { login: 'ada-google' })),
    );
    expect(step).toMatchObject({ two_factor_required: true, methods: ['totp', 'recovery_code'] });
    expect(step).not.toHaveProperty('auth_token');
    const signedIn = await codeStep(app, step.challenge!, totpCode(secret, Date.now() + 30_000));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: ada.id, auth_token: expect.any(String) });
    // The session it starts says how it began: a provider's sign-in, then the code.
    const sessions = await app.inject({
      url: '/api/v1/sessions',
      headers: bearer(signedIn.json<{ auth_token: string }>().auth_token),
    });
    expect(sessions.json().sessions).toContainEqual(expect.objectContaining({ kind: 'oidc', current: true }));
  });

  it("answers Apple's form_post callback, a cross-site POST exempt from the XSRF check there alone", async () => {
    const { app, apple } = await open(dialect);
    apple.setAccount('apple-person', { email: 'apple.person@example.com', email_verified: 'true' });
    const started = await start(app, 'apple');
    const url = new URL(started.location);
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('scope')).toBe('openid email name');
    const cookie = started.reply.cookies.find((c) => c.name === 'bullapp_oidc')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'None', secure: true });
    const reply = await throughProvider(started.location, { login: 'apple-person' });
    expect(reply.method).toBe('POST');
    // A browser that has the page's XSRF cookie sends it along; the provider cannot send the header.
    const callback = await deliver(app, reply, {
      state: started.state,
      extraCookies: { 'XSRF-TOKEN': 'abc' },
    });
    const user = await redeem(app, pendingTokenOf(callback));
    expect(user.email).toBe('apple.person@example.com');
    // Elsewhere the XSRF check holds.
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: bearer(user.auth_token),
    });
    expect(other.statusCode).toBe(403);
  });

  it('says oidc_cancelled when the person cancels at the provider', async () => {
    const { app } = await open(dialect);
    const started = await start(app, 'google');
    const reply = await throughProvider(started.location, { login: 'x', cancel: true });
    const callback = await deliver(app, reply, { state: started.state });
    expect(callback.headers.location).toBe('/login?error=oidc_cancelled&provider=google');
  });
});

async function waitForSubject(smtp: Awaited<ReturnType<typeof open>>['smtp'], subject: string) {
  for (let i = 0; i < 50; i += 1) {
    const mail = smtp.mails.find((m) => m.subject === subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subject}": ${smtp.mails.map((m) => m.subject).join(', ')}`);
}
