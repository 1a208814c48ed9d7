import { describe, expect, it } from 'vitest';
import { startTestProvider } from '../../tests/support/oidc-provider.js';
import { bearer, signUpUser } from '../test/accounts.js';
import { createSharedDatabase, listen, PUBLIC_URL, RawSocket } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
import {
  deliver,
  identitiesOf,
  pendingTokenOf,
  redeem,
  signInThrough,
  start,
  throughProvider,
} from '../test/oidc-kit.js';

const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

describe.each(testDialects)('security_changed and session_created of provider sign-in, on %s', (dialect) => {
  it('reaches every open page when an identity is connected or disconnected, and tells of its sign-in', async () => {
    const google = await startTestProvider({ kind: 'google', appUrl: PUBLIC_URL });
    const database = await createSharedDatabase(dialect);
    const { app, cableUrl, close } = await listen(database.url, {
      env: { OIDC_PROVIDERS: 'google', ...google.env },
    });
    try {
      const ada = await signUpUser(app, { email: 'ada@example.com' });
      await app.database.db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .execute();
      const socket = await RawSocket.welcomed(cableUrl, { token: ada.auth_token });
      await socket.subscribe(ACCOUNT);

      google.setAccount('ada-google', { email: 'ada@gmail.example', email_verified: true });
      const { link_token: linkToken } = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/identities/link_token',
          headers: bearer(ada.auth_token),
        })
      ).json();
      const started = await start(app, 'google', `intent=link&link_token=${linkToken}`);
      const linked = await deliver(app, await throughProvider(started.location, { login: 'ada-google' }), {
        state: started.state,
      });
      expect(linked.headers.location).toBe('/account/security?connected=google');
      expect(await socket.next()).toEqual({ identifier: ACCOUNT, message: { event: 'security_changed' } });

      await redeem(app, pendingTokenOf(await signInThrough(app, 'google', { login: 'ada-google' })));
      expect(await socket.next()).toEqual({
        identifier: ACCOUNT,
        message: { event: 'session_created', kind: 'oidc' },
      });

      const [identity] = await identitiesOf(app, ada.auth_token);
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/identities/${identity!.id}`,
        headers: bearer(ada.auth_token),
        payload: { password: 'violet kettle rainfall' },
      });
      expect(removed.statusCode, removed.body).toBe(204);
      expect(await socket.next()).toEqual({ identifier: ACCOUNT, message: { event: 'security_changed' } });
      socket.close();
    } finally {
      await close();
      await database.drop();
      await google.close();
    }
  });
});
