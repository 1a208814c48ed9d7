import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELETION_REFUSALS,
  deleteUserBodySchema,
  deleteUserReplySchema,
  type DeletionRefusal,
} from '../../contract/users.js';
import { BODY_ERRORS, errorReplies, PASSWORD_CHECKED } from '../http/error-replies.js';
import { normaliseEmail } from '../users/email-address.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { callerOf } from '../http/caller.js';
import { deleteAccount } from './deletion.service.js';
import { API_PATHS } from '../../contract/api-paths.js';
import { DeletionRefused } from '../users/account-lifecycle.js';
import { getUser } from '../sessions/request-user.js';

export async function deletionRoutes(app: FastifyInstance) {
  const context = { ...app.ctx, lifecycle: app.accountLifecycle };
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.deleteUser,
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Deletes the account of this e-mail and password, for good; with two-step sign-in on, only with a Bearer token of that account too',
        body: deleteUserBodySchema,
        response: {
          200: deleteUserReplySchema.describe(
            '{"success":true,"email":""} when deleted; {"success":false,"email":SUPPORT_EMAIL,"reason","message"} for a wrong or unknown pair, two-step sign-in without the account\'s own token, or when PayPal could not cancel the subscription',
          ),
          ...errorReplies({ ...BODY_ERRORS, ...PASSWORD_CHECKED }),
        },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      await app.ctx.rateLimiter.check('deletePerIp', addressSubject(request.ip));
      if (!(await app.deviceCookies.recognises(request, email)))
        await app.ctx.rateLimiter.check('deletePerAccount', normaliseEmail(email));
      let refusal: DeletionRefusal | null;
      try {
        refusal = await deleteAccount(context, {
          email,
          password,
          caller: callerOf(request),
          signedInAs: async () => (await getUser(request))?.user.id ?? null,
        });
      } catch (error) {
        if (!(error instanceof DeletionRefused)) throw error;
        request.log.warn({ err: error.cause ?? error }, `account kept: ${error.message}`);
        refusal = error.reason;
      }
      if (!refusal) return { success: true, email: '' };
      return {
        success: false,
        email: app.config.supportEmail,
        reason: refusal,
        message: DELETION_REFUSALS[refusal],
      };
    },
  );
}
