import { API_PATHS } from '../../contract/api-paths.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookReplySchema } from '../../contract/subscriptions.js';
import { errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { addressSubject } from '../rate-limit/client-address.js';
import type { AppContext } from '../app-context.js';
import { receiveWebhook } from './webhook.service.js';

/**
 * PayPal's webhook. Registered as a plugin of its own, so the raw-body parser (the signature covers the CRC32
 * of the exact bytes PayPal sent) applies to this route alone.
 */
export async function webhookRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.paypalWebhook,
    {
      schema: {
        tags: ['subscriptions'],
        summary: "PayPal's webhook: verified offline, recorded once per event id",
        body: z.instanceof(Buffer).describe('The PayPal event, exactly as PayPal sent it'),
        response: {
          200: webhookReplySchema,
          ...errorReplies({
            400: ['invalid_signature', { code: 'invalid_request', message: ERROR_VARIANTS.notAPayPalEvent }],
            ...RATE_LIMITED,
            503: ['webhooks_not_configured', 'payments_unavailable'],
          }),
        },
      },
    },
    async (request) => {
      // Before anything that could cost a download or a PayPal call (decision 154).
      await context.rateLimiter.check('webhookPerIp', addressSubject(request.ip));
      await receiveWebhook(context, { headers: request.headers, rawBody: request.body ?? Buffer.alloc(0) });
      return { received: true as const };
    },
  );
}
