import { describe, expect, it } from 'vitest';
import { bearer } from '../test/accounts.js';
import { createSharedDatabase, listen, RawSocket } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
import { newUser, signInWithPasskey, userWithPasskey } from '../test/passkeys-kit.js';

const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

describe.each(testDialects)('security_changed and session_created on AccountChannel, on %s', (dialect) => {
  it('reaches every open page when a passkey is added or removed, and tells of a passkey sign-in', async () => {
    const database = await createSharedDatabase(dialect);
    const { app, cableUrl, close } = await listen(database.url);
    try {
      const watcher = await newUser(app);
      const socket = await RawSocket.welcomed(cableUrl, { token: watcher.auth_token });
      await socket.subscribe(ACCOUNT);
      const { user, authenticator, passkey } = await userWithPasskey(app, { user: watcher });
      expect(await socket.next()).toEqual({ identifier: ACCOUNT, message: { event: 'security_changed' } });
      expect((await signInWithPasskey(app, authenticator)).statusCode).toBe(200);
      expect(await socket.next()).toEqual({
        identifier: ACCOUNT,
        message: { event: 'session_created', kind: 'passkey' },
      });
      await app.inject({
        method: 'DELETE',
        url: `/api/v1/passkeys/${passkey.id}`,
        headers: bearer(user.auth_token),
      });
      expect(await socket.next()).toEqual({ identifier: ACCOUNT, message: { event: 'security_changed' } });
      socket.close();
    } finally {
      await close();
      await database.drop();
    }
  });
});
