import { z } from 'zod';

/** `?password=`, or `?code=` from POST /api/v1/reauth_code for an account without a password (DESIGN 13). */
export const qrQuerySchema = z.object({
  password: z.string().optional(),
  code: z.string().max(64).optional(),
});

export const qrReplySchema = z.object({
  qr_code: z.string().describe('data:image/svg+xml;base64,…'),
  link: z.string().describe('PUBLIC_URL/login#auth_token=<token>'),
  expires_at: z.string().describe('ISO 8601 time after which the unused token dies'),
});
export type QrReply = z.infer<typeof qrReplySchema>;
