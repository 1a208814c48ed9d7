import type { AdminUserDetail } from '@contract/admin';
import type { RevokeOthersReply } from '@contract/devices';
import { EMAIL_CODE_MINUTES, VERIFY_LINK_HOURS } from '@contract/email-codes';

/** One action of the console as the page offers it: what it is called, what it does, what it said. */
export interface ConsoleAction {
  /** The call's last path segment (`delete` is DELETE of the person). */
  name: string;
  label: string;
  /** Said in the dialog before the agent confirms: what will happen, and what the person is told. */
  consequence: (person: AdminUserDetail) => string;
  /** Said after it worked; `reply` is the call's reply (sign-out-all says how many devices). */
  done: (person: AdminUserDetail, reply: unknown) => string;
  /** Offered only when it can do something for this person. */
  offered: (person: AdminUserDetail) => boolean;
  danger?: boolean;
}

const devices = (n: number) => (n === 1 ? '1 device' : `${n} devices`);

/**
 * The actions of DESIGN 16, in the order the page shows them. A feature's action that the server adds is one
 * more entry here, as resending the verification mail of DESIGN 13 is.
 */
export const CONSOLE_ACTIONS: ConsoleAction[] = [
  {
    name: 'sign_out_all',
    label: 'Sign out everywhere',
    consequence: (person) =>
      `Every device signed in as ${person.email} is signed out at once (${devices(person.sessions.length)} now), and any open page of theirs says so. They are mailed that our support team did it.`,
    done: (person, reply) =>
      `${person.email} is signed out of ${devices((reply as RevokeOthersReply).revoked)}. They sign in again with their password or a passkey.`,
    offered: (person) => person.sessions.length > 0,
  },
  {
    name: 'reset_two_factor',
    label: 'Turn off two-step sign-in',
    consequence: (person) =>
      `Two-step sign-in is turned off for ${person.email}: their authenticator app and recovery codes stop working, and their password alone signs in. Passkeys stay. They are mailed, and their open pages update.`,
    done: (person) =>
      `Two-step sign-in is off for ${person.email}. They can turn it on again under Security on their account page.`,
    offered: (person) => person.two_factor,
  },
  {
    name: 'resend_verification',
    label: 'Resend the confirmation mail',
    consequence: (person) =>
      `A new confirmation mail is sent to ${person.email}, with a code that works for ${EMAIL_CODE_MINUTES.verify} minutes and a link that works for ${VERIFY_LINK_HOURS} hours; the codes and links sent before it stop working. Nothing else about the account changes.`,
    done: (person) =>
      `A new confirmation mail was sent to ${person.email}. Their address is confirmed once they enter its code or open its link.`,
    offered: (person) => person.email_verified === false,
  },
  {
    name: 'unlock',
    label: 'Unlock password sign-in',
    consequence: (person) =>
      `The stop after 100 wrong passwords or codes and the sign-in throttles of ${person.email} are cleared: their password is accepted again at once. They are mailed.`,
    done: (person) => `Password sign-in works again for ${person.email}.`,
    offered: () => true,
  },
  {
    name: 'cancel_subscription',
    label: 'Cancel the subscription',
    consequence: (person) =>
      `The subscription of ${person.email} is cancelled at PayPal ("Cancelled by support"): PayPal charges them no more, and they keep access until the end of the period already paid. They are mailed.`,
    done: (person) => `The subscription of ${person.email} is cancelled.`,
    offered: (person) =>
      person.subscription?.status === 'ACTIVE' || person.subscription?.status === 'SUSPENDED',
    danger: true,
  },
  {
    name: 'delete',
    label: 'Delete the account',
    consequence: (person) =>
      `The account of ${person.email} and everything in it is deleted for good, as if they had deleted it themselves: PayPal first, then every row. Their open pages are signed out, and they are mailed. This cannot be undone.`,
    done: (person) => `The account of ${person.email} is deleted.`,
    offered: () => true,
    danger: true,
  },
];
