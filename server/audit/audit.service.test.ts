import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  changeWithToken,
  dumpDatabase,
  requestReset,
  resetLinkFor,
  signUpUser,
  STRONG_PASSWORD,
} from '../test/accounts.js';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { AppKeys, newAppKeyText, parseAppKeys } from '../security/app-keys.js';
import { AuditTrail } from './audit.service.js';

let apps: TestApp[] = [];
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  for (const app of apps) await app.close();
  await smtp?.close();
  apps = [];
  smtp = undefined;
});

describe.each(testDialects)('the audit trail on %s', (dialect) => {
  it('records sign-in, failed sign-in, reset, change and deletion, naming the user by a keyed hash', async () => {
    smtp = await startSmtpServer();
    const testApp = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url } });
    apps.push(testApp);
    const { app } = testApp;
    const user = await signUpUser(app);
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '203.0.113.7',
        payload: { session: { email: 'ada@example.com', password } },
      });
    await login(STRONG_PASSWORD);
    await login('not the password');
    await requestReset(app, 'ada@example.com');
    const { token } = await resetLinkFor(smtp, 'ada@example.com');
    await changeWithToken(app, token, 'a brand new password');
    await app.inject({
      method: 'POST',
      url: '/api/v1/delete_user_with_token',
      payload: { email: 'ada@example.com', password: 'a brand new password' },
    });

    const { audit_events, app_secrets } = await dumpDatabase(app);
    expect(audit_events.map((e) => e.event)).toEqual([
      'sign_up',
      'sign_in',
      'sign_in_failed',
      'password_reset_requested',
      'password_changed',
      // The used reset link proved the mailbox of an address never confirmed (DESIGN 13).
      'email_verified',
      'account_deleted',
    ]);
    expect(audit_events[1]?.ip).toBe('203.0.113.7');
    // The key is not in the database (docs/decisions/156): it comes from the app keys.
    expect(app_secrets.filter((row) => row.name === 'audit_subject_key')).toEqual([]);
    const expected = createHmac('sha256', testApp.app.ctx.keys.derive('audit subject'))
      .update(`user:${user.id}`)
      .digest('base64url');
    expect(new Set(audit_events.map((e) => e.subject))).toEqual(new Set([expected]));
  });
});

describe('audit subjects', () => {
  it('keys subjects alike on instances given the same keys, and finds events of a key rotated out', async () => {
    const keys = (...texts: string[]) => new AppKeys(texts.map((text) => parseAppKeys(text)![0]!));
    const [one, two] = [newAppKeyText(), newAppKeyText()];
    const before = new AuditTrail(keys(one));
    expect(new AuditTrail(keys(one)).subjectOf({ userId: 42 })).toBe(before.subjectOf({ userId: 42 }));
    expect(before.subjectOf({ userId: 43 })).not.toBe(before.subjectOf({ userId: 42 }));
    const rotated = new AuditTrail(keys(two, one));
    expect(rotated.subjectOf({ userId: 42 })).not.toBe(before.subjectOf({ userId: 42 }));
    expect(rotated.subjectsOf({ userId: 42 })).toEqual([
      rotated.subjectOf({ userId: 42 }),
      before.subjectOf({ userId: 42 }),
    ]);
  });
});
