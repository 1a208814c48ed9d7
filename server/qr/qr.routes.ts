import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { qrQuerySchema, qrReplySchema } from '../../contract/qr.js';
import { BEARER_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { requireUser } from '../sessions/request-user.js';
import { issueQrSignIn, missingPassword } from './qr.service.js';

export async function qrRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/check_chromes_password',
    {
      schema: {
        tags: ['qr'],
        summary: 'Confirms the password and returns a QR code that signs in another device',
        description:
          'The code and the link carry a pending session token that works once, within 5 minutes, through the token form of POST /api/v1/login.',
        querystring: qrQuerySchema,
        security: [{ bearer: [] }],
        response: {
          200: qrReplySchema,
          ...errorReplies({
            400: 'invalid_request: no password given',
            ...BEARER_ERRORS,
            403: 'invalid_credentials: the password is not correct',
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(request);
      const { password } = request.query;
      if (!password) throw missingPassword();
      // Counted before the password is checked, so a stolen token cannot be used to guess the password.
      await app.rateLimiter.check('qrPerUser', String(auth.user.id));
      // The reply holds a live sign-in token: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return issueQrSignIn({ db: app.database.db, config: app.config }, { auth, password });
    },
  );
}
