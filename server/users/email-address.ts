import { z } from 'zod';

/** RFC 5321 caps a forward path at 256 octets, so a deliverable address is at most 254 characters. */
export const MAX_EMAIL_LENGTH = 254;

/** DESIGN section 3: e-mails are kept trimmed and lower-cased, and compared that way. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailShape = z.email();

/** Whether a normalised address can receive the mail this app sends (no display names, no IP literals). */
export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && emailShape.safeParse(email).success;
}
