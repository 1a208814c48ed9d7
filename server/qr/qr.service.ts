import type { QrReply } from '../../contract/qr.js';
import type { AppContext } from '../app-context.js';
import { wrongQrPassword } from '../http/errors.js';
import { isPasswordOf } from '../users/credentials.js';
import { createSession, type Authenticated } from '../sessions/sessions.service.js';
import { qrCodeDataUrl } from './qr-code.js';

/**
 * Confirms the signed-in user's password, then issues a pending QR session: its token works once, for
 * 5 minutes, through the token form of /api/v1/login. The link carries it in the fragment, which browsers
 * never send to a server, so no access log ever holds it.
 */
export async function issueQrSignIn(
  context: AppContext,
  {
    auth,
    password,
  }: {
    auth: Authenticated;
    /** null once the route checked a mailed code instead (DESIGN 13). */
    password: string | null;
  },
): Promise<QrReply> {
  const { db, config } = context;
  if (password !== null && !(await isPasswordOf(context, auth.user, password))) throw wrongQrPassword();
  // The new device is not this one, so this request's user agent does not describe it.
  const { token, session } = await createSession(db, { userId: auth.user.id, kind: 'qr', pending: true });
  const link = `${config.publicUrl}/login#auth_token=${token}`;
  return { qr_code: await qrCodeDataUrl(link), link, expires_at: session.expires_at };
}
