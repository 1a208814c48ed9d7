import type { AdminUserSummary } from '@contract/admin';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the search says of a person in one line. */
export function factsInWords(person: AdminUserSummary): string {
  return [
    person.role === 1 ? 'Support agent' : null,
    person.email_verified === false ? 'Address not confirmed' : null,
    person.two_factor ? 'Two-step sign-in on' : 'Two-step sign-in off',
    plural(person.passkeys, 'passkey', 'passkeys'),
    plural(person.sessions, 'device', 'devices'),
    person.subscription_status
      ? `Subscription ${person.subscription_status.toLowerCase()}`
      : 'No subscription',
    person.locked ? 'Password sign-in stopped' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

const EVENTS: Record<string, string> = {
  sign_up: 'Signed up',
  sign_in: 'Signed in',
  sign_in_failed: 'A sign-in failed',
  password_reset_requested: 'Asked for a password reset link',
  password_changed: 'Changed the password',
  password_change_failed: 'A password change failed',
  account_deleted: 'Deleted the account',
  account_deletion_failed: 'A deletion failed',
  email_change_requested: 'Asked to change the e-mail address',
  email_changed: 'Changed the e-mail address',
  email_change_undone: 'Undid an e-mail change',
  reauthenticated: 'Confirmed it was them',
  reauthentication_failed: 'Could not confirm it was them',
  data_exported: 'Downloaded their data',
  passkey_added: 'Added a passkey',
  passkey_removed: 'Removed a passkey',
  session_revoked: 'Signed a device out',
  two_factor_enabled: 'Turned two-step sign-in on',
  two_factor_disabled: 'Turned two-step sign-in off',
  recovery_codes_replaced: 'Made new recovery codes',
  support_role_granted: 'Made a support agent (command line)',
  support_role_revoked: 'No longer a support agent (command line)',
  support_signed_out_all: 'Support signed them out everywhere',
  support_two_factor_reset: 'Support turned two-step sign-in off',
  support_unlocked: 'Support unlocked password sign-in',
  support_verification_resent: 'Support resent the verification mail',
  support_subscription_cancelled: 'Support cancelled the subscription',
  support_account_deleted: 'Support deleted the account',
};

export const eventInWords = (event: string) => EVENTS[event] ?? event.replaceAll('_', ' ');
