import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { changePasswordBodySchema } from '../../contract/users.js';
import { callerOf } from '../http/caller.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, PASSWORD_CHECKED } from '../http/error-replies.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { requireUser } from '../sessions/request-user.js';
import { assertStrongPassword } from '../users/password-rules.js';
import {
  changePasswordWithCurrent,
  changePasswordWithResetToken,
  setFirstPassword,
} from './change-password.service.js';
import { API_PATHS } from '../../contract/api-paths.js';

export async function changePasswordRoutes(app: FastifyInstance) {
  const context = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().put(
    API_PATHS.changePassword,
    {
      schema: {
        tags: ['passwords'],
        summary:
          'Sets a new password, with the e-mailed reset token (ends every session) or, signed in, with the current password (keeps only this session)',
        description:
          'Send either `{"password_hash": <reset token>, "password"}` or `Authorization: Bearer` with `{"current_password", "password"}`, or with `{"code", "password"}` (a code from POST /api/v1/reauth_code, DESIGN 13): that sets the first password of an account without one, and otherwise stands for the current password.',
        body: changePasswordBodySchema,
        security: [{}, { bearer: [] }],
        response: {
          204: z.undefined().describe('Changed; a "your password was changed" e-mail is on its way'),
          ...errorReplies({
            ...BODY_ERRORS,
            400: ['invalid_reset_token', 'invalid_request'],
            ...BEARER_ERRORS,
            403: [
              { code: 'invalid_credentials', message: ERROR_VARIANTS.wrongCurrentPassword },
              { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
            ],
            422: ['weak_password'],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const caller = callerOf(request);
      if ('password_hash' in body) {
        await app.ctx.rateLimiter.check('resetLinkPerIp', addressSubject(request.ip));
        await changePasswordWithResetToken(context, {
          token: body.password_hash,
          password: body.password,
          caller,
          recovery: app.accountRecovery,
        });
      } else {
        const auth = await requireUser(request);
        await app.ctx.rateLimiter.check('changePasswordPerUser', String(auth.user.id));
        // A mailed code in place of the current password (DESIGN 13); for an account without a password, the
        // only way to set its first one.
        if ('code' in body) {
          // A weak password is refused before the code is spent on it.
          assertStrongPassword(body.password, { email: auth.user.email, appName: context.config.appName });
          await app.freshAuthentication.proveWithCode(auth, body.code, {
            ip: caller.ip,
            failedEvent: 'password_change_failed',
          });
          if (!auth.user.has_password) {
            await setFirstPassword(context, { auth, password: body.password, caller });
            return reply.code(204).send();
          }
        }
        await changePasswordWithCurrent(context, {
          auth,
          currentPassword: 'current_password' in body ? body.current_password : null,
          password: body.password,
          caller,
          recovery: app.accountRecovery,
        });
      }
      return reply.code(204).send();
    },
  );
}
