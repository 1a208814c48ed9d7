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

/** To the old address once the change is made: what happened, and the link that undoes it for 7 days. */
export function emailChangedMail(
  settings: MailSettings,
  { to, newEmail, link }: { to: string; newEmail: string; link: string },
) {
  return compose(settings, {
    to,
    subject: `The e-mail address of your ${settings.appName} account was changed`,
    paragraphs: [
      `The e-mail address of your ${settings.appName} account was just changed from this address to ${newEmail}. If that was you, there is nothing to do. If it was not you, undo it with this link. It works once, for the next 7 days.`,
      'Undoing it gives the account this address back and signs out every device. Then choose a new password with "Forgot password?", as someone else may know yours.',
    ],
    action: { label: 'Undo this change', url: link },
  });
}
