import type { SessionKind } from '@contract/account-events';

const KIND_WORDS: Record<SessionKind, string> = {
  password: 'Signed in with a password',
  signup: 'Signed in at sign-up',
  qr: 'Signed in with a QR code',
  passkey: 'Signed in with a passkey',
  email_code: 'Signed in with a code sent by e-mail',
  oidc: 'Signed in with Google, Apple or another provider',
};

export const kindInWords = (kind: SessionKind) => KIND_WORDS[kind];

/** A moment as people read it ("22 Nov 2026, 08:20"): the page's one format (`lib/format`). */
export { formatDateTime as formatMoment } from '@/lib/format';

export const devicesInWords = (count: number) => (count === 1 ? '1 other device' : `${count} other devices`);
