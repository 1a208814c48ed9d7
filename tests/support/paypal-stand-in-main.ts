// The PayPal stand-in as a process of its own, for the browser tests: `npx tsx tests/support/paypal-stand-in-main.ts`.
// It serves the euro plans on PAYPAL_STAND_IN_PORT until it is told to stop.
import { euroPlans, standInClientId, standInSecret } from './paypal-plans';
import { startPayPalStandIn } from './paypal-stand-in';

const standIn = await startPayPalStandIn({
  clientId: standInClientId,
  clientSecret: standInSecret,
  plans: euroPlans,
  port: Number(process.env.PAYPAL_STAND_IN_PORT ?? 0),
});
console.log(`PayPal stand-in listening at ${standIn.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
