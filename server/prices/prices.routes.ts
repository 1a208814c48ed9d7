import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pricesReplySchema } from '../../contract/prices.js';
import type { PricesService } from './prices.service.js';

export async function pricesRoutes(app: FastifyInstance, { service }: { service: PricesService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/paypal_prices',
    {
      schema: {
        tags: ['prices'],
        summary:
          'Subscription prices from PayPal (cached 10 minutes), or the defaults when PayPal is unavailable',
        response: { 200: pricesReplySchema },
      },
    },
    async () => service.current(),
  );
}
