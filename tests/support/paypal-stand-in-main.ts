// The PayPal stand-in as a process of its own, for the browser tests: `npx tsx tests/support/paypal-stand-in-main.ts`.
// It serves the euro plans on PAYPAL_STAND_IN_PORT until it is told to stop, and the JS SDK stand-in at /sdk/js.
import { euroPlans, standInClientId, standInSecret } from './paypal-plans';
import { startPayPalStandIn } from './paypal-stand-in';

const standIn = await startPayPalStandIn({
  clientId: standInClientId,
  clientSecret: standInSecret,
  plans: euroPlans,
  port: Number(process.env.PAYPAL_STAND_IN_PORT ?? 0),
});
// Like a webhook registered in the PayPal app: every change the stand-in makes is posted, signed, to the app.
if (process.env.PAYPAL_STAND_IN_WEBHOOK_URL && process.env.PAYPAL_STAND_IN_WEBHOOK_ID)
  standIn.webhooks.listen(process.env.PAYPAL_STAND_IN_WEBHOOK_URL, process.env.PAYPAL_STAND_IN_WEBHOOK_ID);
console.log(`PayPal stand-in listening at ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
