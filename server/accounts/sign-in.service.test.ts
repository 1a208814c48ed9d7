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
  it('signs in as itself with a token in use, and exchanges a pending QR token once for a new one', async () => {
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
    const exchange = () => signInWithStoredToken(app.ctx, { token: pending.token, qrOnly: true, caller });
    const signedIn = await exchange();
    // A QR token asks no second step: the user JSON with a new token.
    if (!('auth_token' in signedIn)) throw new Error('A QR token asked for a second step');
    expect(signedIn.email).toBe(user.email);
    expect(signedIn.auth_token).not.toBe(pending.token);
    await expect(exchange()).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
  });
});
