import { compose, type MailSettings } from './account-mails.js';

/** Every mail with a code says it, in the same words (DESIGN 13). */
const nobodyAsks = (appName: string) =>
  `Nobody from ${appName} will ask you for this code: do not give it to anyone, on the phone or in a message.`;

/** The sign-up's mail (and each new one asked for): a code for the account page, and a link that needs no sign-in. */
export function confirmEmailMail(
  settings: MailSettings,
  {
    to,
    code,
    minutes,
    link,
    hours,
  }: { to: string; code: string; minutes: number; link: string; hours: number },
) {
  return compose(settings, {
    to,
    subject: 'Confirm your e-mail address',
    paragraphs: [
      `Please confirm that this is the e-mail address of your ${settings.appName} account. Enter this code on your account page: ${code}. The code works for the next ${minutes} minutes. Or open this link, which works once, for the next ${hours} hours:`,
      nobodyAsks(settings.appName),
      'If you did not make an account with this address, ignore this mail: nothing more will be sent to you unless someone asks again.',
    ],
    action: { label: 'Confirm your e-mail address', url: link },
  });
}

/** POST /api/v1/login/email_code: a code that signs in, once. */
export function signInCodeMail(
  settings: MailSettings,
  { to, code, minutes }: { to: string; code: string; minutes: number },
) {
  return compose(settings, {
    to,
    subject: 'Your sign-in code',
    paragraphs: [
      `Your code to sign in to ${settings.appName} is ${code}. It works once, for the next ${minutes} minutes.`,
      nobodyAsks(settings.appName),
      'If you did not ask for it, ignore this mail: nobody can sign in with it but the person who has this mailbox.',
    ],
  });
}

/** POST /api/v1/reauth_code: a code that confirms a step in place of the password. */
export function reauthCodeMail(
  settings: MailSettings,
  { to, code, minutes }: { to: string; code: string; minutes: number },
) {
  return compose(settings, {
    to,
    subject: `Your ${settings.appName} confirmation code`,
    paragraphs: [
      `Your code to confirm a change to your ${settings.appName} account is ${code}. It works once, for the next ${minutes} minutes.`,
      nobodyAsks(settings.appName),
      'If you did not ask for it, someone may be signed in to your account: sign out every other device on your account page and write to us.',
    ],
  });
}
