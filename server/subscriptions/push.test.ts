import { describe, expect, it } from 'vitest';
import { RawSocket } from '../test/cable-kit.js';
import { testDialects } from '../test/helper.js';
import { newUser, subscribe, subscriptionsKit } from '../test/subscriptions-kit.js';

const start = subscriptionsKit();
const ACCOUNT = JSON.stringify({ channel: 'AccountChannel' });

describe.each(testDialects)('subscription_changed on AccountChannel, on %s', (dialect) => {
  it('reaches every open page of the user when a webhook changes the subscription', async () => {
    const kit = await start(dialect);
    const user = await newUser(kit.app);
    const active = await subscribe(kit, user);
    const cableUrl = `${kit.webhookUrl.replace(/^http/, 'ws').replace(/\/api\/v1\/paypal\/webhook$/, '')}/cable`;
    const socket = await RawSocket.welcomed(cableUrl, { token: user.auth_token });
    try {
      await socket.subscribe(ACCOUNT);
      await kit.paypal.subscriptions.failPayment(active.id);
      expect(await socket.next()).toEqual({
        identifier: ACCOUNT,
        message: {
          event: 'subscription_changed',
          subscription: {
            ...active,
            payment_failed: true,
            fix_payment_url: 'https://www.sandbox.paypal.com/myaccount/autopay/',
          },
        },
      });
    } finally {
      socket.close();
    }
  });
});
