import { z } from 'zod';
import { sessionKindSchema } from './cable.js';

const time = z.string().describe('ISO 8601 time');

/** A signed-in device as GET /api/v1/sessions shows it (DESIGN section 10): never its token or hash. */
export const deviceSessionSchema = z.object({
  id: z.string().describe('Public id of the session: neither its token nor the hash of it'),
  kind: sessionKindSchema,
  device: z.string().describe('A short label from the User-Agent, e.g. "Chrome on Linux"'),
  created_at: time,
  last_used_at: time,
  current: z.boolean().describe('true for the session that made this call'),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceSessionListSchema = z.object({
  sessions: z.array(deviceSessionSchema).describe('Latest use first'),
});
export type DeviceSessionList = z.infer<typeof deviceSessionListSchema>;

export const deviceSessionParamsSchema = z.object({ id: z.string().max(64) });

export const revokeOthersReplySchema = z.object({
  revoked: z.number().int().describe('How many other sessions ended'),
});
export type RevokeOthersReply = z.infer<typeof revokeOthersReplySchema>;
