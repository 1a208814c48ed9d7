import type { QrReply } from '@contract/qr';
import type { Proof } from '@/components/ui/identity-proof';
import { ApiError, apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/** DESIGN section 6: a QR-code failure is rethrown as an error that carries only the status. */
export class QrCodeError extends Error {
  constructor(readonly status: number) {
    super(`QR code request failed with status ${status}`);
    this.name = 'QrCodeError';
  }
}

/**
 * Confirms the password (`?password=`), or a mailed code for an account without one (`?code=`, DESIGN 13); the
 * reply holds a QR code and link that sign in another device once.
 */
export async function checkPasswordForQrCode(proof: Proof): Promise<QrReply> {
  try {
    return await apiRequest<QrReply>(API_PATHS.qrCode, { query: proof });
  } catch (error) {
    throw new QrCodeError(error instanceof ApiError ? error.status : 0);
  }
}
