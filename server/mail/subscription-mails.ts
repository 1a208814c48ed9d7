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
  { to, graceUntil }: { to: string; graceUntil: string },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} payment did not go through`,
    paragraphs: [
      `PayPal could not take the payment for your ${settings.appName} subscription. PayPal will try again; please check your payment method at PayPal.`,
      `If the payment still fails, your access stays until ${mailDate(graceUntil)}.`,
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
