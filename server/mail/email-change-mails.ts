import { compose, type MailSettings } from './account-mails.js';

/** To the new address: the link that makes the change. */
export function confirmEmailChangeMail(settings: MailSettings, { to, link }: { to: string; link: string }) {
  return compose(settings, {
    to,
    subject: `Confirm your new ${settings.appName} e-mail address`,
    paragraphs: [
      `Someone (we hope you) asked to make this the e-mail address of a ${settings.appName} account. Confirm it with this link. It works once, for the next 60 minutes.`,
      'Until then, the account keeps its old address. If you did not ask for this, ignore this mail.',
    ],
    action: { label: 'Confirm this address', url: link },
  });
}

/** To the old address: a warning that someone with the password asked to move the account away from it. */
export function emailChangeRequestedMail(settings: MailSettings, { to }: { to: string }) {
  return compose(settings, {
    to,
    subject: `A change of your ${settings.appName} e-mail address was asked for`,
    paragraphs: [
      `Someone signed in to your ${settings.appName} account asked to change its e-mail address. We sent a link to the new address; the change happens only when that link is opened, within 60 minutes.`,
      'If this was not you, change your password at once and write to us.',
    ],
  });
}
