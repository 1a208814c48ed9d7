import type { Config } from '../config.js';
import { compose, type MailSettings } from './account-mails.js';

/**
 * What a person is told when a support agent changed their account (DESIGN 16). The agent's reason stays
 * in the audit trail: it is a note for colleagues, not a message to the person (decision 185).
 */

export function signedOutBySupportMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} account was signed out everywhere`,
    paragraphs: [
      `Our support team signed your ${settings.appName} account out of every device. Sign in again where you use it, with your password or a passkey.`,
      'If you did not ask our support team for this, change your password and write to us.',
    ],
  });
}

export function twoFactorResetBySupportMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `Two-step sign-in was turned off for your ${settings.appName} account`,
    paragraphs: [
      `Our support team turned off two-step sign-in for your ${settings.appName} account. Your authenticator app and your recovery codes no longer work; your password alone signs in, and your passkeys still do.`,
      'Turn two-step sign-in on again on your account page, under Security, with your authenticator app.',
      'If you did not ask our support team for this, change your password at once and write to us.',
    ],
  });
}

export function unlockedBySupportMail(
  settings: MailSettings & Pick<Config, 'publicUrl'>,
  { to }: { to: string },
) {
  return compose(settings, {
    to,
    subject: `Password sign-in to your ${settings.appName} account works again`,
    paragraphs: [
      `Our support team cleared the stop on wrong passwords for your ${settings.appName} account: your password is accepted again.`,
      `If you did not ask our support team for this, someone may be guessing your password: choose a new one with a reset link: ${settings.publicUrl}/reset-password`,
    ],
  });
}

export function accountDeletedBySupportMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} account was deleted`,
    paragraphs: [
      `Our support team deleted your ${settings.appName} account and everything in it for good. We no longer keep this e-mail address.`,
      'If you did not ask for this, write to us. You are welcome to sign up again at any time.',
    ],
  });
}
