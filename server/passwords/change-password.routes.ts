import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBodySchema } from '../../contract/users.js';
import { accountsContext, callerOf } from '../accounts/accounts-context.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { requireUser } from '../sessions/request-user.js';
import { changePasswordWithCurrent, changePasswordWithResetToken } from './change-password.service.js';

export async function changePasswordRoutes(app: FastifyInstance) {
  const context = accountsContext(app);
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/v2/change_password',
    {
      schema: {
        tags: ['passwords'],
        summary:
          'Sets a new password, with the e-mailed reset token (ends every session) or, signed in, with the current password (keeps only this session)',
        description:
          'Send either `{"password_hash": <reset token>, "password"}` or `Authorization: Bearer` with `{"current_password", "password"}`.',
        body: changePasswordBodySchema,
        security: [{}, { bearer: [] }],
        response: {
          204: z.undefined().describe('Changed; a "your password was changed" e-mail is on its way'),
          ...errorReplies({
            ...BODY_ERRORS,
            400: 'invalid_reset_token: "This password reset link is invalid or has expired."; invalid_request: a malformed body',
            ...BEARER_ERRORS,
            403: 'invalid_credentials: the current password is not correct',
            422: 'weak_password: the new password breaks a rule',
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const caller = callerOf(request);
      if ('password_hash' in body) {
        await changePasswordWithResetToken(context, {
          token: body.password_hash,
          password: body.password,
          caller,
        });
      } else {
        const auth = await requireUser(request);
        await app.rateLimiter.check('changePasswordPerUser', String(auth.user.id));
        await changePasswordWithCurrent(context, {
          auth,
          currentPassword: body.current_password,
          password: body.password,
          caller,
        });
      }
      return reply.code(204).send();
    },
  );
}
