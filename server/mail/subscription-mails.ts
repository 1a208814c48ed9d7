import { PLAN_NAMES } from '../../contract/plan-rules.js';
import type { SubscriptionPlan } from '../../contract/subscriptions.js';
import { compose, type MailSettings } from './account-mails.js';

/** A date as a person reads it in a mail, e.g. "1 December 2026" (UTC, so every instance writes the same). */
export function mailDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function subscriptionActiveMail(
  settings: MailSettings,
  { to, nextBillingAt }: { to: string; nextBillingAt: string | null },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} subscription is active`,
    paragraphs: [
      `Thank you! Your ${settings.appName} subscription is active.`,
      nextBillingAt
        ? `PayPal will bill you next on ${mailDate(nextBillingAt)}. You can cancel at any time on your account page.`
        : 'You can cancel at any time on your account page.',
    ],
  });
}

export function paymentFailedMail(
  settings: MailSettings,
  { to, graceUntil, fixPaymentUrl }: { to: string; graceUntil: string; fixPaymentUrl: string },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} payment did not go through`,
    paragraphs: [
      `PayPal could not take the payment for your ${settings.appName} subscription. PayPal will try again; you can change the card or bank account it uses on PayPal's automatic payments page.`,
      `If the payment still fails, your access stays until ${mailDate(graceUntil)}.`,
    ],
    action: { label: 'Fix your payment method at PayPal', url: fixPaymentUrl },
  });
}

/** A money amount as a mail writes it: "12.50 EUR". */
const amountText = ({ value, currency }: { value: string; currency: string }) => `${value} ${currency}`;

/** The receipt of one payment (PAYMENT.SALE.COMPLETED), with the address of its printable page. */
export function receiptMail(
  settings: MailSettings,
  {
    to,
    saleId,
    at,
    plan,
    amount,
    billingUrl,
  }: {
    to: string;
    saleId: string;
    at: string;
    plan: SubscriptionPlan;
    amount: { value: string; currency: string };
    billingUrl: string;
  },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} receipt`,
    paragraphs: [
      `Thank you for your payment of ${amountText(amount)} for ${settings.appName} (${PLAN_NAMES[plan]} plan) on ${mailDate(at)}.`,
      `PayPal's transaction id: ${saleId}. Your payment history and a printable receipt are on your billing page.`,
    ],
    action: { label: 'See your billing page', url: billingUrl },
  });
}

/** A full refund or a reversal ended the subscription and its access at once (DESIGN 15). */
export function refundEndedMail(settings: MailSettings, { to, reversed }: { to: string; reversed: boolean }) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} subscription has ended`,
    paragraphs: [
      reversed
        ? `A payment for your ${settings.appName} subscription was reversed at PayPal, so the subscription is cancelled and your access has ended.`
        : `A payment for your ${settings.appName} subscription was refunded in full, so the subscription is cancelled and your access has ended.`,
      'PayPal will not bill you again for it. You can subscribe again at any time from the pricing page.',
    ],
  });
}

/** Three days before a trial ends (the hourly job sends it once). */
export function trialEndingMail(
  settings: MailSettings,
  { to, endsAt, plan }: { to: string; endsAt: string; plan: SubscriptionPlan },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} trial ends on ${mailDate(endsAt)}`,
    paragraphs: [
      `Your ${settings.appName} trial ends on ${mailDate(endsAt)}. From then on PayPal bills your ${PLAN_NAMES[plan]} plan at its regular price.`,
      'If you do not want to go on, cancel on your account page before then and you will not be billed.',
    ],
  });
}

export function subscriptionCancelledMail(
  settings: MailSettings,
  { to, accessUntil }: { to: string; accessUntil: string | null },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} subscription was cancelled`,
    paragraphs: [
      `Your ${settings.appName} subscription was cancelled and you will not be billed again.`,
      accessUntil
        ? `You keep access until ${mailDate(accessUntil)}, the end of the period already paid.`
        : 'Your access has ended.',
    ],
  });
}

/** PayPal took a plan change (BILLING.SUBSCRIPTION.UPDATED): the new price starts at the next billing. */
export function planChangedMail(
  settings: MailSettings,
  { to, plan, nextBillingAt }: { to: string; plan: SubscriptionPlan; nextBillingAt: string | null },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} plan is now ${PLAN_NAMES[plan]}`,
    paragraphs: [
      `Your ${settings.appName} subscription is now on the ${PLAN_NAMES[plan]} plan.`,
      nextBillingAt
        ? `Its price starts with the next payment, on ${mailDate(nextBillingAt)}; PayPal does not charge or refund the difference for the current period.`
        : 'Its price starts with the next payment; PayPal does not charge or refund the difference for the current period.',
    ],
  });
}
