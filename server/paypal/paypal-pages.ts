/**
 * PayPal's own pages a payer is sent to. Automatic payments is where a payer changes the card or bank behind
 * a subscription after a payment failed (DESIGN 15); the sandbox has its twin.
 */
export function autopayUrlFor(environment: 'production' | 'sandbox'): string {
  return environment === 'sandbox'
    ? 'https://www.sandbox.paypal.com/myaccount/autopay/'
    : 'https://www.paypal.com/myaccount/autopay/';
}
