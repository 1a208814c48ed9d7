import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetPasswordBodySchema } from '../../contract/users.js';
import { writtenOut } from '../http/background-queue.js';
import { callerOf } from '../http/caller.js';
import { BODY_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { invalidResetToken } from '../http/errors.js';
import { linkCheckRoute } from '../http/link-check.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { normaliseEmail } from '../users/email-address.js';
import { findUsableReset } from './password-resets.repository.js';
import { requestPasswordReset } from './password-resets.service.js';
import { API_PATHS } from '../../contract/api-paths.js';

export async function passwordResetRoutes(app: FastifyInstance) {
  const context = app.ctx;
  const queue = app.resetQueue;
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.resetPassword,
    {
      schema: {
        tags: ['passwords'],
        summary: 'Mails a reset link when the address has an account; the same reply either way',
        body: resetPasswordBodySchema,
        response: {
          204: z.undefined().describe('Accepted (whether or not the address has an account)'),
          ...errorReplies({ ...BODY_ERRORS, ...RATE_LIMITED }),
        },
      },
    },
    async (request, reply) => {
      await app.ctx.rateLimiter.check('resetPerIp', addressSubject(request.ip));
      await app.ctx.rateLimiter.check('resetPerEmail', normaliseEmail(request.body.email));
      await requestPasswordReset(context, {
        email: request.body.email,
        caller: callerOf(request),
        queue,
        replied: writtenOut(reply.raw),
      });
      return reply.code(204).send();
    },
  );

  linkCheckRoute(app, {
    path: API_PATHS.checkResetLink,
    tags: ['passwords'],
    link: 'a password reset link',
    rule: 'resetLinkPerIp',
    refused: invalidResetToken,
    usable: async (link) => (await findUsableReset(context.db, link)) !== null,
  });
}
