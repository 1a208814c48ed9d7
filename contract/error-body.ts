import { z } from 'zod';
import { ERROR_CODES } from './errors.js';

/** The body of every non-2xx reply (the schema; the codes and sentences are in errors.ts). */
export const errorBodySchema = z.object({
  error: z
    .enum(ERROR_CODES as [string, ...string[]])
    .describe('A stable machine-readable code, e.g. "invalid_credentials".'),
  message: z.string().describe('A sentence for a person.'),
});
