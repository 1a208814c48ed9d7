import { compose, type MailSettings } from '../mail/account-mails.js';

export function twoFactorEnabledMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `Two-step sign-in is on for your ${settings.appName} account`,
    paragraphs: [
      `Two-step sign-in was just turned on for your ${settings.appName} account. Signing in with your password now also asks for a code from your authenticator app, or one of your recovery codes.`,
      'If you did not turn it on, reset your password at once and write to us.',
    ],
  });
}

export function twoFactorDisabledMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `Two-step sign-in is off for your ${settings.appName} account`,
    paragraphs: [
      `Two-step sign-in was just turned off for your ${settings.appName} account. Your password alone now signs in, and your recovery codes no longer work.`,
      'If you did not turn it off, change your password at once, turn two-step sign-in on again and write to us.',
    ],
  });
}

export function recoveryCodesReplacedMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `New recovery codes for your ${settings.appName} account`,
    paragraphs: [
      `New recovery codes were just made for your ${settings.appName} account. The earlier ones no longer work.`,
      'If you did not ask for them, change your password at once and write to us.',
    ],
  });
}

export function recoveryCodeUsedMail(settings: MailSettings, { to, left }: { to: string; left: number }) {
  return compose(settings, {
    to,
    subject: `A recovery code signed in to your ${settings.appName} account`,
    paragraphs: [
      `One of your recovery codes was just used to sign in to your ${settings.appName} account. It will not work again; ${left === 1 ? '1 code is' : `${left} codes are`} left.`,
      'If this was not you, change your password at once, make new recovery codes on your account page and write to us.',
    ],
  });
}
