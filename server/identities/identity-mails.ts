import { compose, type MailSettings } from '../mail/account-mails.js';

export function identityLinkedMail(
  settings: MailSettings,
  { to, providerName, providerEmail }: { to: string; providerName: string; providerEmail: string | null },
) {
  return compose(settings, {
    to,
    subject: `${providerName} was connected to your ${settings.appName} account`,
    paragraphs: [
      `The ${providerName} account${providerEmail ? ` ${providerEmail}` : ''} can now sign in to your ${settings.appName} account.`,
      'If you did not connect it, disconnect it on your account page (Security) at once and write to us.',
    ],
  });
}

export function identityUnlinkedMail(
  settings: MailSettings,
  { to, providerName }: { to: string; providerName: string },
) {
  return compose(settings, {
    to,
    subject: `${providerName} was disconnected from your ${settings.appName} account`,
    paragraphs: [
      `${providerName} can no longer sign in to your ${settings.appName} account.`,
      'If you did not disconnect it, change your password at once and write to us.',
    ],
  });
}

/** DESIGN 14: the owner of the mailbox took back an account that nobody had confirmed. */
export function accountTakenBackMail(
  settings: MailSettings,
  { to, providerName, notices }: { to: string; providerName: string; notices: string[] },
) {
  return compose(settings, {
    to,
    subject: `You signed in to ${settings.appName} with ${providerName}`,
    paragraphs: [
      `An account with this address was made at ${settings.appName} but never confirmed. ${providerName} confirmed the address is yours, so the account is now yours and signs in with ${providerName}.`,
      'Its password was removed and every device that was signed in to it was signed out, in case someone else had made it. You can set a password on your account page.',
      ...notices,
    ],
  });
}
