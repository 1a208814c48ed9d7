import { z } from 'zod';

export const healthReplySchema = z.object({ status: z.literal('ok') });

export const dependencyStateSchema = z.enum(['up', 'down']);

export const readyReplySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: dependencyStateSchema,
    redis: dependencyStateSchema.optional(),
  }),
});
export type ReadyReply = z.infer<typeof readyReplySchema>;
