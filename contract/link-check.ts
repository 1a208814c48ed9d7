import { z } from 'zod';

/**
 * The body of every link check (decision 168): the token of a mailed link, as its page has it in its address.
 * A check is `POST <the path of the link's own call>/check`; it answers 204 while the link would still work,
 * and otherwise the very 400 the link's own call would give, without using the token.
 */
export const linkCheckBodySchema = z.object({
  token: z.string().describe('The token of the mailed link (the last part of its address)'),
});
export type LinkCheckBody = z.infer<typeof linkCheckBodySchema>;
