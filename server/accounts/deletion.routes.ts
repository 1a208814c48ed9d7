import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteUserBodySchema, deleteUserReplySchema } from '../../contract/users.js';
import { BODY_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { normaliseEmail } from '../users/email-address.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { accountsContext, callerOf } from './accounts-context.js';
import { deleteAccount } from './deletion.service.js';

export async function deletionRoutes(app: FastifyInstance) {
  const context = accountsContext(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/delete_user_with_token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Deletes the account of this e-mail and password, for good',
        body: deleteUserBodySchema,
        response: {
          200: deleteUserReplySchema.describe(
            '{"success":true,"email":""} when deleted; {"success":false,"email":SUPPORT_EMAIL} for a wrong or unknown pair',
          ),
          ...errorReplies({ ...BODY_ERRORS, ...RATE_LIMITED }),
        },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      await app.rateLimiter.check('deletePerIp', addressSubject(request.ip));
      await app.rateLimiter.check('deletePerAccount', normaliseEmail(email));
      const deleted = await deleteAccount(context, { email, password, caller: callerOf(request) });
      return deleted ? { success: true, email: '' } : { success: false, email: app.config.supportEmail };
    },
  );
}
