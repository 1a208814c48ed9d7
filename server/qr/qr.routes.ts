import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { qrQuerySchema, qrReplySchema } from '../../contract/qr.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { BEARER_ERRORS, errorReplies, PASSWORD_CHECKED } from '../http/error-replies.js';
import { missingQrPassword } from '../http/errors.js';
import { requireUser } from '../sessions/request-user.js';
import { issueQrSignIn } from './qr.service.js';
import { API_PATHS } from '../../contract/api-paths.js';

/** The QR code that signs in another device (DESIGN section 5). */
async function qrRoutes(app: FastifyInstance) {
  const context = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.qrCode,
    {
      schema: {
        tags: ['qr'],
        summary:
          'Confirms the password (or a mailed code, `?code=`) and returns a QR code that signs in another device',
        description:
          'The code and the link carry a pending session token that works once, within 5 minutes, through the token form of POST /api/v1/login.',
        querystring: qrQuerySchema,
        security: [{ bearer: [] }],
        response: {
          200: qrReplySchema,
          ...errorReplies({
            400: [{ code: 'invalid_request', message: ERROR_VARIANTS.missingQrPassword }],
            ...BEARER_ERRORS,
            403: [
              { code: 'invalid_credentials', message: ERROR_VARIANTS.wrongQrPassword },
              { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
            ],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(request);
      const { password, code } = request.query;
      if (!password && !code) throw missingQrPassword();
      // Counted before the password is checked, so a stolen token cannot be used to guess the password.
      await app.ctx.rateLimiter.check('qrPerUser', String(auth.user.id));
      // A mailed code in place of the password (DESIGN 13), for an account without one.
      if (!password) await app.freshAuthentication.proveWithCode(auth, code!, { ip: request.ip || null });
      // The reply holds a live sign-in token: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return issueQrSignIn(context, { auth, password: password || null });
    },
  );
}

export default fp(qrRoutes, {
  name: 'qr',
  dependencies: ['app-context', 'request-user', 'fresh-authentication'],
});
