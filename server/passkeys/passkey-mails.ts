import { compose, type MailSettings } from '../mail/account-mails.js';

/** Said in the mail of a completed reset: the passkeys went with it (DESIGN 7). */
export const PASSKEYS_REMOVED_NOTICE =
  'Every passkey of the account was removed too, in case someone else had added one. Add yours again on your account page.';

export function passkeyAddedMail(settings: MailSettings, { to, name }: { to: string; name: string }) {
  return compose(settings, {
    to,
    subject: `A passkey was added to your ${settings.appName} account`,
    paragraphs: [
      `A passkey named "${name}" was just added to your ${settings.appName} account. It can now sign in to the account without the password.`,
      'If you did not add it, remove it on your account page at once, change your password and write to us.',
    ],
  });
}

export function passkeyRemovedMail(settings: MailSettings, { to, name }: { to: string; name: string }) {
  return compose(settings, {
    to,
    subject: `A passkey was removed from your ${settings.appName} account`,
    paragraphs: [
      `The passkey named "${name}" was just removed from your ${settings.appName} account. It can no longer sign in.`,
      'If you did not remove it, change your password at once and write to us.',
    ],
  });
}
