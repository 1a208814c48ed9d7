import { z } from 'zod';

/** The body of every non-2xx reply. */
export const errorBodySchema = z.object({
  error: z.string().describe('A stable machine-readable code, e.g. "invalid_credentials".'),
  message: z.string().describe('A sentence for a person.'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
