import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import {
  confirmEmailVerificationBodySchema,
  emailCodeRequestBodySchema,
} from '../../contract/email-verification.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { meReplySchema } from '../../contract/users.js';
import { writtenOut, type BackgroundQueue } from '../http/background-queue.js';
import { callerOf } from '../http/caller.js';
import {
  BEARER_ERRORS,
  BODY_ERRORS,
  errorReplies,
  PASSWORD_CHECKED,
  RATE_LIMITED,
} from '../http/error-replies.js';
import { alreadyVerified } from '../http/errors.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { requireUser } from '../sessions/request-user.js';
import { normaliseEmail } from '../users/email-address.js';
import { toMe } from '../users/user-json.js';
import {
  confirmWithCode,
  confirmWithLink,
  sendReauthCode,
  sendSignInCode,
  sendVerification,
} from './email-verification.service.js';

const tags = ['email-verification'];
const bearer = [{ bearer: [] }];

/** DESIGN 13's calls: a new confirmation mail, confirming, a sign-in code and a code for a confirming step. */
export async function emailVerificationRoutes(app: FastifyInstance, { queue }: { queue: BackgroundQueue }) {
  const context = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    API_PATHS.emailVerification,
    {
      schema: {
        tags,
        summary: 'Mails a new code and link that confirm the address; the older ones stop working',
        description: 'At most 5 an hour per account.',
        security: bearer,
        response: {
          202: z.undefined().describe('Mailed'),
          ...errorReplies({ ...BEARER_ERRORS, 409: ['already_verified'], ...RATE_LIMITED }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      if (user.email_verified_at !== null) throw alreadyVerified();
      await context.rateLimiter.check('verificationMailsPerUser', String(user.id));
      await sendVerification(context, { account: user, ip: request.ip || null });
      return reply.code(202).send();
    },
  );

  routes.post(
    API_PATHS.confirmEmailVerification,
    {
      schema: {
        tags,
        summary: 'Confirms the address: Bearer and the mailed code, or the token of the mailed link alone',
        description:
          'The page /verify-email/:token makes this call with the token. Open pages of the account hear `email_verified`.',
        body: confirmEmailVerificationBodySchema,
        response: {
          200: meReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            400: [
              { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
              { code: 'invalid_token', message: ERROR_VARIANTS.invalidVerificationToken },
              'invalid_request',
            ],
            ...BEARER_ERRORS,
            409: ['already_verified'],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await context.rateLimiter.check('verifyEmailPerIp', addressSubject(request.ip));
      const caller = callerOf(request);
      const { body } = request;
      const user =
        'token' in body
          ? await confirmWithLink(context, { token: body.token, caller })
          : await confirmWithCode(context, {
              user: (await requireUser(request)).user,
              code: body.code,
              caller,
            });
      return toMe(user, await app.meParts.of(user.id));
    },
  );

  routes.post(
    API_PATHS.emailCodeLogin,
    {
      schema: {
        tags,
        summary:
          'Mails a sign-in code when the address has an account and is confirmed; the same reply either way',
        description:
          'The code (6 digits, 10 minutes, 5 tries, once) signs in with POST /api/v1/login `{"session":{"email","code"}}`. At most 5 an hour per address and 20 per IP.',
        body: emailCodeRequestBodySchema,
        response: {
          204: z.undefined().describe('Accepted (whether or not the address has an account)'),
          ...errorReplies({ ...BODY_ERRORS, ...RATE_LIMITED }),
        },
      },
    },
    async (request, reply) => {
      await context.rateLimiter.check('emailCodePerIp', addressSubject(request.ip));
      await context.rateLimiter.check('emailCodePerEmail', normaliseEmail(request.body.email));
      const caller = callerOf(request);
      const { email } = request.body;
      // The work runs after the reply, so its time does not tell whether the address has an account.
      queue.run(() => sendSignInCode(context, { email, caller }), writtenOut(reply.raw));
      return reply.code(204).send();
    },
  );

  routes.post(
    API_PATHS.reauthCode,
    {
      schema: {
        tags,
        summary: 'Mails a code that confirms a step in place of the password (10 minutes, 5 tries, once)',
        description:
          'Every call that confirms with `{"password"}` also takes `{"code"}` (check_chromes_password: `?code=`), and POST /api/v1/reauthenticate takes it too. At most 5 in 15 minutes per account.',
        security: bearer,
        response: {
          204: z.undefined().describe('Mailed'),
          ...errorReplies({ ...BEARER_ERRORS, ...RATE_LIMITED }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await context.rateLimiter.check('reauthCodesPerUser', String(user.id));
      await sendReauthCode(context, { user, caller: callerOf(request) });
      return reply.code(204).send();
    },
  );
}
