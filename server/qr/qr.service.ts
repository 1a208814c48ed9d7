import type { QrReply } from '../../contract/qr.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { verifyPassword } from '../passwords/password-hashing.js';
import { createSession, type Authenticated } from '../sessions/sessions.service.js';
import { qrCodeDataUrl } from './qr-code.js';

export const missingPassword = () =>
  new AppError(400, 'invalid_request', 'Please enter your password to get a sign-in code.');

export const wrongPassword = () =>
  new AppError(403, 'invalid_credentials', 'That password is not correct. Please try again.');

/**
 * Confirms the signed-in user's password, then issues a pending QR session: its token works once, for
 * 5 minutes, through the token form of /api/v1/login. The link carries it in the fragment, which browsers
 * never send to a server, so no access log ever holds it.
 */
export async function issueQrSignIn(
  { db, config }: { db: Db; config: Config },
  { auth, password }: { auth: Authenticated; password: string },
): Promise<QrReply> {
  if (!(await verifyPassword(auth.user.password_hash, password))) throw wrongPassword();
  // The new device is not this one, so this request's user agent does not describe it.
  const { token, session } = await createSession(db, { userId: auth.user.id, kind: 'qr', pending: true });
  const link = `${config.publicUrl}/login#auth_token=${token}`;
  return { qr_code: await qrCodeDataUrl(link), link, expires_at: session.expires_at };
}
