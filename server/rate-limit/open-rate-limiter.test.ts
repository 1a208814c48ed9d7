import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpDatabase } from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { recordingStore } from '../test/recording-store.js';
import { RATE_LIMIT_KEY_NAME } from './open-rate-limiter.js';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
});

describe.each(testDialects)('rate-limit counter keys on %s', (dialect) => {
  it('are keyed with the secret every instance reads from the database', async () => {
    const { keys, store } = recordingStore();
    const testApp = await buildTestApp({ dialect, rateLimits: { store } });
    apps.push(testApp);
    const { app } = testApp;
    await app.inject({
      method: 'POST',
      url: '/api/v2/reset_password',
      remoteAddress: '203.0.113.9',
      payload: { email: 'ada@example.com' },
    });
    const secret = (await dumpDatabase(app)).app_secrets.find((row) => row.name === RATE_LIMIT_KEY_NAME);
    expect(secret).toBeDefined();
    const keyed = (subject: string) =>
      createHmac('sha256', Buffer.from(secret!.value, 'base64url')).update(subject).digest('base64url');
    expect(keys).toEqual([
      `bullapp:rate:resetPerIp:${keyed('203.0.113.9')}`,
      `bullapp:rate:resetPerEmail:${keyed('ada@example.com')}`,
    ]);
  });
});

const MINUTE = 60_000;

describe('production rate limits', () => {
  it('are, in an app built without overrides, the numbers of decision 014', async () => {
    const testApp = await buildTestApp();
    apps.push(testApp);
    await testApp.app.ready();
    // Written out, not read from DEFAULT_RATE_LIMITS: raising a default must fail here.
    expect(testApp.app.ctx.rateLimiter.settings).toEqual({
      signInPerIp: { limit: 100, windowMs: 15 * MINUTE },
      signInPerAccount: { limit: 10, windowMs: 15 * MINUTE },
      signUpPerIp: { limit: 20, windowMs: 60 * MINUTE },
      resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
      resetPerEmail: { limit: 5, windowMs: 60 * MINUTE },
      resetLinkPerIp: { limit: 20, windowMs: 15 * MINUTE },
      deletePerIp: { limit: 20, windowMs: 60 * MINUTE },
      deletePerAccount: { limit: 5, windowMs: 60 * MINUTE },
      changePasswordPerUser: { limit: 10, windowMs: 15 * MINUTE },
      qrPerUser: { limit: 10, windowMs: 15 * MINUTE },
      exportPerUser: { limit: 10, windowMs: 60 * MINUTE },
      confirmEmailPerIp: { limit: 20, windowMs: 15 * MINUTE },
      passkeyOptionsPerIp: { limit: 300, windowMs: 15 * MINUTE },
      passkeyRegistrationPerUser: { limit: 20, windowMs: 15 * MINUTE },
      twoFactorPerUser: { limit: 10, windowMs: 15 * MINUTE },
      webhookPerIp: { limit: 600, windowMs: 15 * MINUTE },
      subscriptionCreatesPerUser: { limit: 5, windowMs: 60 * MINUTE },
      // DESIGN 15 (decision 195).
      billingReadsPerUser: { limit: 60, windowMs: 15 * MINUTE },
      planChangesPerUser: { limit: 10, windowMs: 60 * MINUTE },
      // DESIGN 13 (decisions 174 to 176).
      verificationMailsPerUser: { limit: 5, windowMs: 60 * MINUTE },
      emailCodePerEmail: { limit: 5, windowMs: 60 * MINUTE },
      emailCodePerIp: { limit: 20, windowMs: 60 * MINUTE },
      reauthCodesPerUser: { limit: 5, windowMs: 15 * MINUTE },
      verifyEmailPerIp: { limit: 20, windowMs: 15 * MINUTE },
      // DESIGN 14 (decision 189).
      providerStartsPerIp: { limit: 60, windowMs: 15 * MINUTE },
      // NIST SP 800-63B-4: at most 100 consecutive failures per account.
      passwordFailuresPerAccount: { limit: 100, windowMs: 365 * 24 * 60 * MINUTE },
      wrongCodesPerAccount: { limit: 5, windowMs: 365 * 24 * 60 * MINUTE },
    });
  });

  it('refuse the sixth reset request for one e-mail within the hour, for an hour', async () => {
    const testApp = await buildTestApp();
    apps.push(testApp);
    const reset = (n: number) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/reset_password',
        remoteAddress: `203.0.113.${n}`,
        payload: { email: 'ada@example.com' },
      });
    for (let n = 1; n <= 5; n += 1) expect((await reset(n)).statusCode).toBe(204);
    const refused = await reset(6);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
  });
});
