import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { TwoFactorRequired } from '../../contract/two-factor.js';
import { DEVICE_COOKIE } from '../security/device-cookie.js';
import { changeWithToken, requestReset, signUpUser, STRONG_PASSWORD } from '../test/accounts.js';
import { testDialects } from '../test/helper.js';
import { appWithMail, type TestSmtpServer } from '../test/smtp.js';
import { userWithTwoFactor } from '../test/two-factor-kit.js';

/** DESIGN 7, "Second steps count", and device cookies per browser. */
const start = appWithMail();
const roomy = { limit: 10_000, windowMs: 60_000 };
const WRONG_CODE = '000000';
const NEW_PASSWORD = 'lantern orchard evening';

/** A browser: its device cookie goes with each login call, as a browser would send it. */
function browser(app: FastifyInstance) {
  let cookie = '';
  return {
    cookie: () => cookie,
    async login(session: object) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        cookies: cookie ? { [DEVICE_COOKIE]: cookie } : {},
        payload: { session },
      });
      cookie = reply.cookies.find((c) => c.name === DEVICE_COOKIE)?.value ?? cookie;
      return reply;
    },
  };
}

const mailsTitled = (smtp: TestSmtpServer, subject: string) =>
  smtp.mails.filter((m) => m.subject === subject);

describe.each(testDialects)('second steps on %s', (dialect) => {
  it('count wrong codes toward the 100-failure stop, even from a browser that signed in before', async () => {
    const { app, smtp } = await start(dialect, { rateLimits: { settings: { signInPerIp: roomy } } });
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    const intruder = browser(app);
    const first = await intruder.login({ email: user.email, password: STRONG_PASSWORD });
    const code = recoveryCodes[0]!;
    await intruder.login({ challenge: first.json<TwoFactorRequired>().challenge, code });
    expect(intruder.cookie()).not.toBe('');

    // 150 wrong codes, five to each password step, as the finding's script sent them.
    let stopped = null;
    for (let round = 0; round < 30 && !stopped; round += 1) {
      const step = await intruder.login({ email: user.email, password: STRONG_PASSWORD });
      if (step.statusCode !== 200) stopped = step;
      else
        for (let n = 0; n < 5; n += 1)
          await intruder.login({ challenge: step.json<TwoFactorRequired>().challenge, code: WRONG_CODE });
    }
    expect(stopped?.statusCode).toBe(429);
    expect(stopped?.json()).toMatchObject({ error: 'account_locked' });
    await vi.waitFor(() =>
      expect(mailsTitled(smtp, 'Password sign-in to your BullApp account is stopped')).toHaveLength(1),
    );
  });

  it('mail the owner after 5 wrong codes in a row, once, and a right code starts the count again', async () => {
    const { app, smtp } = await start(dialect);
    const { user, recoveryCodes } = await userWithTwoFactor(app);
    const someone = browser(app);
    const subject = 'Wrong sign-in codes were entered for your BullApp account';
    const step = await someone.login({ email: user.email, password: STRONG_PASSWORD });
    const challenge = step.json<TwoFactorRequired>().challenge;
    for (let n = 0; n < 4; n += 1) await someone.login({ challenge, code: WRONG_CODE });
    const next = await someone.login({ email: user.email, password: STRONG_PASSWORD });
    const again = next.json<TwoFactorRequired>().challenge;
    expect((await someone.login({ challenge: again, code: recoveryCodes[0]! })).statusCode).toBe(200);
    expect(mailsTitled(smtp, subject)).toEqual([]);
    const third = await someone.login({ email: user.email, password: STRONG_PASSWORD });
    for (let n = 0; n < 5; n += 1)
      await someone.login({ challenge: third.json<TwoFactorRequired>().challenge, code: WRONG_CODE });
    const mail = await vi.waitFor(() => {
      const found = mailsTitled(smtp, subject);
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain('5 wrong codes in a row');
  });
});

describe.each(testDialects)('device cookies on %s', (dialect) => {
  it('are a value of each browser’s own, and a completed reset voids them', async () => {
    const { app, smtp } = await start(dialect, {
      rateLimits: { settings: { signInPerAccount: { limit: 2, windowMs: 60_000 } } },
    });
    const user = await signUpUser(app);
    const laptop = browser(app);
    const phone = browser(app);
    expect((await laptop.login({ email: user.email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await phone.login({ email: user.email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect(laptop.cookie()).not.toBe(phone.cookie());
    // Past the throttle, the browsers that signed in before are still let through...
    expect((await laptop.login({ email: user.email, password: STRONG_PASSWORD })).statusCode).toBe(200);

    expect((await requestReset(app, user.email)).statusCode).toBe(204);
    const mail = await smtp.waitForMail(user.email);
    const token = /change-password\/(\S+)/.exec(mail.text)![1]!;
    expect((await changeWithToken(app, token, NEW_PASSWORD)).statusCode).toBe(204);

    // ...until the reset: then their cookies name nobody, and the throttle holds them like any browser.
    for (let n = 0; n < 2; n += 1) await phone.login({ email: user.email, password: 'not the password' });
    const held = await phone.login({ email: user.email, password: NEW_PASSWORD });
    expect(held.statusCode).toBe(429);
  });
});
