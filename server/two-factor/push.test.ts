import { describe, expect, it } from 'vitest';
import { createSharedDatabase, listen, RawSocket } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
import { confirmWithPassword, newUser, userWithTwoFactor } from '../test/two-factor-kit.js';

const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });
const SECURITY_CHANGED = { identifier: ACCOUNT, message: { event: 'security_changed' } };

describe.each(testDialects)('security_changed on AccountChannel for two-step sign-in, on %s', (dialect) => {
  it('reaches every open page when it is turned on, given new recovery codes, and turned off', async () => {
    const database = await createSharedDatabase(dialect);
    const { app, cableUrl, close } = await listen(database.url);
    try {
      const user = await newUser(app);
      const socket = await RawSocket.welcomed(cableUrl, { token: user.auth_token });
      await socket.subscribe(ACCOUNT);
      await userWithTwoFactor(app, user);
      expect(await socket.next()).toEqual(SECURITY_CHANGED);
      const codes = await confirmWithPassword(app, user, 'recovery_codes');
      expect(codes.statusCode).toBe(200);
      expect(await socket.next()).toEqual(SECURITY_CHANGED);
      const off = await confirmWithPassword(app, user, 'disable');
      expect(off.statusCode).toBe(204);
      expect(await socket.next()).toEqual(SECURITY_CHANGED);
      socket.close();
    } finally {
      await close();
      await database.drop();
    }
  });
});
