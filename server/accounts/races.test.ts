import { afterEach, describe, expect, it } from 'vitest';
import {
  bearer,
  changeWithToken,
  dumpDatabase,
  requestReset,
  resetLinkFor,
  signIn,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.js';

let current: TestApp | undefined;
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await current?.close();
  await smtp?.close();
  current = undefined;
  smtp = undefined;
});

// Generous limits: these tests are about concurrency, not throttling.
const roomy = { limit: 1000, windowMs: 60_000 };
const rateLimits = {
  settings: { signUpPerIp: roomy, signInPerIp: roomy, signInPerAccount: roomy, deletePerIp: roomy },
};

describe.each(testDialects)('concurrent requests on %s', (dialect) => {
  it('20 sign-ups with one e-mail give exactly one 201 and 409s, never a 500', async () => {
    current = await buildTestApp({ dialect, rateLimits });
    const { app } = current;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users',
          // The same address in different spellings: one account, whatever the case.
          payload: {
            user: { email: i % 2 ? 'Race@Example.com' : 'race@example.com', password: STRONG_PASSWORD },
          },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const reply of replies.filter((r) => r.statusCode === 409))
      expect(reply.json().error).toBe('email_taken');
    expect((await dumpDatabase(app)).users).toHaveLength(1);
  });

  it('one reset token used by 10 concurrent requests changes the password exactly once', async () => {
    smtp = await startSmtpServer();
    current = await buildTestApp({ dialect, rateLimits, env: { SMTP_URL: smtp.url } });
    const { app } = current;
    await signUpUser(app, { email: 'reset-race@example.com' });
    await requestReset(app, 'reset-race@example.com');
    const { token } = await resetLinkFor(smtp, 'reset-race@example.com');

    const passwords = Array.from({ length: 10 }, (_, i) => `new password number ${i}`);
    const replies = await Promise.all(passwords.map((password) => changeWithToken(app, token, password)));
    const winners = passwords.filter((_, i) => replies[i]?.statusCode === 204);
    expect(winners).toHaveLength(1);
    for (const reply of replies.filter((r) => r.statusCode !== 204)) {
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('invalid_reset_token');
    }
    // Only the winner's password works now.
    await signIn(app, { email: 'reset-race@example.com', password: winners[0] });
    const loser = passwords.find((password) => password !== winners[0]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { session: { email: 'reset-race@example.com', password: loser } },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('a deletion racing sign-ins leaves no session behind', async () => {
    current = await buildTestApp({ dialect, rateLimits });
    const { app } = current;
    const user = await signUpUser(app, { email: 'gone@example.com' });
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { session: { email: 'gone@example.com', password: STRONG_PASSWORD } },
      });
    const replies = await Promise.all([
      login(),
      login(),
      app.inject({
        method: 'POST',
        url: '/api/v1/delete_user_with_token',
        payload: { email: 'gone@example.com', password: STRONG_PASSWORD },
      }),
      login(),
      login(),
    ]);
    expect(replies[2]?.json()).toEqual({ success: true, email: '' });
    for (const reply of replies) expect(reply.statusCode).toBeLessThan(500);
    const after = await dumpDatabase(app);
    expect(after.users).toEqual([]);
    expect(after.sessions).toEqual([]);
    // Any token handed out just before the deletion no longer works.
    for (const reply of replies.filter((r) => r.statusCode === 200 && r.json().auth_token)) {
      const me = await app.inject({ url: '/api/v1/me', headers: bearer(reply.json().auth_token) });
      expect(me.statusCode).toBe(401);
    }
    expect(user.id).toBeGreaterThan(0);
  });
});
