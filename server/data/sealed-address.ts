import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The old address of an undo link, sealed (AES-256-GCM) with a key made from the link's token, which only
 * the mail to that address holds: the database keeps the row for 7 days yet names nobody (decision 155).
 * The key and the stored token hash are different digests of the token, so neither gives the other.
 */
const keyOf = (token: string) =>
  createHash('sha256').update('email-change-undo-key\0').update(token).digest();

export function sealAddress(email: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const sealed = Buffer.concat([cipher.update(email, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The address, or null when this token did not seal it. */
export function openAddress(sealed: string, token: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
