import { afterEach, describe, expect, it } from 'vitest';
import { insertTestUser } from '../test/fixtures.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { createSession } from '../sessions/sessions.service.js';
import { signInWithStoredToken } from './sign-in.service.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

describe('a token sign-in', () => {
  it('answers with the same token when it is in use, and exchanges a pending QR token for a new one', async () => {
    current = await buildTestApp();
    const { app } = current;
    await app.ready();
    const { db } = app.database;
    const user = await insertTestUser(db);
    const caller = { ip: '127.0.0.1', userAgent: null };
    const { token } = await createSession(db, { userId: user.id, kind: 'password' });
    const inUse = await signInWithStoredToken(app.ctx, { token, qrOnly: false, caller });
    expect(inUse).toMatchObject({ email: user.email, auth_token: token });

    const pending = await createSession(db, { userId: user.id, kind: 'qr', pending: true });
    const signedIn = await signInWithStoredToken(app.ctx, { token: pending.token, qrOnly: true, caller });
    expect(signedIn.email).toBe(user.email);
    expect(signedIn.auth_token).not.toBe(pending.token);
  });
});
