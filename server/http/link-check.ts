import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkCheckBodySchema } from '../../contract/link-check.js';
import { addressSubject } from '../rate-limit/client-address.js';
import type { RateLimitName } from '../rate-limit/rate-limits.js';
import { hashToken, looksLikeToken } from '../sessions/session-token.js';
import type { AppError } from './app-error.js';
import { BODY_ERRORS, errorReplies, RATE_LIMITED } from './error-replies.js';

/** A link's token as its repository looks it up: by its SHA-256, unexpired at `now`. */
export interface LinkToken {
  token: string;
  tokenHash: string;
  now: string;
}

export interface LinkCheck {
  /** `<the path of the link's own call>/check` (contract/api-paths.ts). */
  path: string;
  tags: string[];
  /** What the link does, for the OpenAPI summary: 'a password reset link'. */
  link: string;
  /** The rate limit the link's own call counts under: a check is no cheaper a way to try tokens. */
  rule: RateLimitName;
  /** The 400 the link's own call gives for a token that cannot work. */
  refused: () => AppError;
  /** Whether the token would still work now: a read of what the link's own call reads, nothing written. */
  usable: (link: LinkToken) => Promise<boolean>;
}

/**
 * A page opened from a mailed link asks this before it shows a form (decision 168, DESIGN 6: "A link that can
 * no longer work … says so when it opens, before anyone types"). The token goes in a POST body, never in a
 * query, so no access log holds it. The answer is the link's own call's, minus its effect: 204 while the link
 * would work, its 400 when not, the same for a used, expired or unknown token and for one of no account, so
 * the check tells nobody more than using the link would.
 */
export function linkCheckRoute(app: FastifyInstance, check: LinkCheck) {
  const refusal = check.refused();
  app.withTypeProvider<ZodTypeProvider>().post(
    check.path,
    {
      schema: {
        tags: check.tags,
        summary: `Whether ${check.link} still works, without using it`,
        description: 'The link’s page asks this before it shows a form. Nothing is written.',
        body: linkCheckBodySchema,
        response: {
          204: z.undefined().describe('The link still works'),
          ...errorReplies({
            ...BODY_ERRORS,
            400: [{ code: refusal.code, message: refusal.message }, 'invalid_request'],
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request, reply) => {
      await app.ctx.rateLimiter.check(check.rule, addressSubject(request.ip));
      const { token } = request.body;
      if (!looksLikeToken(token)) throw check.refused();
      const link = { token, tokenHash: hashToken(token), now: new Date().toISOString() };
      if (!(await check.usable(link))) throw check.refused();
      return reply.code(204).send();
    },
  );
}
