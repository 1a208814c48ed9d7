import type { Config } from '../config.js';
import type { MailMessage } from './mailer.js';
import { escapeHtml } from '../http/escape-html.js';

export type MailSettings = Pick<Config, 'appName' | 'supportEmail'>;

/** One layout for every account mail: a greeting, paragraphs, an optional button, and the support address. */
export function compose(
  settings: MailSettings,
  {
    to,
    subject,
    paragraphs,
    action,
  }: { to: string; subject: string; paragraphs: string[]; action?: { label: string; url: string } },
): MailMessage {
  const { appName, supportEmail } = settings;
  const help = `Questions? Write to ${supportEmail}.`;
  const text = [
    'Hello,',
    ...paragraphs.slice(0, 1),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...paragraphs.slice(1),
    help,
    `— ${appName}`,
  ].join('\n\n');
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const button = action
    ? p(
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a>`,
      ) + p(`Or copy this address into your browser:<br>${escapeHtml(action.url)}`)
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(appName)}</h1>
${p('Hello,')}
${paragraphs
  .slice(0, 1)
  .map((x) => p(escapeHtml(x)))
  .join('\n')}
${button}
${paragraphs
  .slice(1)
  .map((x) => p(escapeHtml(x)))
  .join('\n')}
${p(`Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.`)}
</body></html>`;
  return { to, subject, text, html };
}

export function passwordResetMail(settings: MailSettings, { to, link }: { to: string; link: string }) {
  return compose(settings, {
    to,
    subject: `Reset your ${settings.appName} password`,
    paragraphs: [
      `Someone (we hope you) asked to reset the password of your ${settings.appName} account. Choose a new password with this link. It works once, for the next 60 minutes.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: link },
  });
}

/** DESIGN 13: an account without a password was given one. */
export function passwordSetMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `A password was set for your ${settings.appName} account`,
    paragraphs: [
      `A password was just set for your ${settings.appName} account. From now on you can sign in with it, as well as with a code sent by e-mail.`,
      'If you did not set it, reset your password at once, sign out every other device on your account page, and write to us.',
    ],
  });
}

/** `notices`: what the recovery also ended, in the words of the steps that ended it (account-recovery.ts). */
export function passwordChangedMail(
  settings: MailSettings,
  { to, notices = [] }: { to: string; notices?: string[] },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} password was changed`,
    paragraphs: [
      `The password of your ${settings.appName} account was just changed. For your safety, other devices that were signed in have been signed out; sign in there again with the new password.`,
      ...notices,
      'If you did not change it, reset your password at once and write to us.',
    ],
  });
}

export function accountDeletedMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} account was deleted`,
    paragraphs: [
      `Your ${settings.appName} account and everything in it have been deleted for good, as you asked. We no longer keep this e-mail address.`,
      'You are welcome to sign up again at any time.',
    ],
  });
}

/** Sent once, when the account's 100th password check in a row fails and password checks stop. */
export function accountLockedMail(
  settings: MailSettings & Pick<Config, 'publicUrl'>,
  { to }: { to: string },
) {
  return compose(settings, {
    to,
    subject: `Password sign-in to your ${settings.appName} account is stopped`,
    paragraphs: [
      `Someone entered a wrong password for your ${settings.appName} account 100 times in a row, so we stopped accepting passwords for it, the right one too. Devices that are signed in stay signed in.`,
      `To unlock it, set a new password with a reset link: ${settings.publicUrl}/reset-password`,
      `If you need help, write to ${settings.supportEmail}.`,
    ],
  });
}

/** Sent when the fifth code in a row at the second step of sign-in is wrong: someone may have the password. */
export function wrongCodesMail(settings: MailSettings & Pick<Config, 'publicUrl'>, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `Wrong sign-in codes were entered for your ${settings.appName} account`,
    paragraphs: [
      `Someone entered the right password for your ${settings.appName} account, then 5 wrong codes in a row at the second step of sign-in. Your account is safe as long as they do not have your codes.`,
      `If this was not you, someone knows your password: set a new one with a reset link at once: ${settings.publicUrl}/reset-password`,
    ],
  });
}
