/** PayPal's subscription ids: `I-` and 6 to 32 letters or digits (PayPal's own are `I-` and 12). */
const SUBSCRIPTION_ID = /^I-[A-Za-z0-9]{6,32}$/;

/**
 * Whether a string has the shape of a PayPal subscription id. Checked before any call that puts an id in a
 * path at PayPal, so no caller can make the server send its token to another part of PayPal's API (`..`).
 */
export function isPayPalSubscriptionId(id: string): boolean {
  return SUBSCRIPTION_ID.test(id);
}
