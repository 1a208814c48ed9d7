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
      'account_deleted',
    ]);
    expect(audit_events[1]?.ip).toBe('203.0.113.7');
    const secrets = app_secrets.filter((row) => row.name === 'audit_subject_key');
    const [secret] = secrets;
    expect(secrets).toHaveLength(1);
    const expected = createHmac('sha256', Buffer.from(secret!.value, 'base64url'))
      .update(`user:${user.id}`)
      .digest('base64url');
    expect(new Set(audit_events.map((e) => e.subject))).toEqual(new Set([expected]));
  });

  it('makes one key, shared by instances that start at the same time', async () => {
    const first = await buildTestApp({ dialect });
    apps.push(first);
    await first.app.ready();
    const { db } = first.app.database;
    await db.deleteFrom('app_secrets').execute();
    const trails = Array.from({ length: 5 }, () => new AuditTrail());
    await Promise.all(trails.map((trail) => trail.load(db)));
    const subjects = new Set(trails.map((trail) => trail.subjectOf({ userId: 42 })));
    expect(subjects.size).toBe(1);
    expect(
      await db.selectFrom('app_secrets').selectAll().where('name', '=', 'audit_subject_key').execute(),
    ).toHaveLength(1);
    // A restarted instance reads the same key.
    const later = new AuditTrail();
    await later.load(db);
    expect(later.subjectOf({ userId: 42 })).toBe([...subjects][0]);
    expect(later.subjectOf({ userId: 43 })).not.toBe([...subjects][0]);
  });
});
