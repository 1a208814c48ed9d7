import { z } from 'zod';

export const qrQuerySchema = z.object({ password: z.string().optional() });

export const qrReplySchema = z.object({
  qr_code: z.string().describe('data:image/svg+xml;base64,…'),
  link: z.string().describe('PUBLIC_URL/login#auth_token=<token>'),
  expires_at: z.string().describe('ISO 8601 time after which the unused token dies'),
});
export type QrReply = z.infer<typeof qrReplySchema>;
