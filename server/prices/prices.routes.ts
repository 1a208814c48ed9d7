import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pricesReplySchema } from '../../contract/prices.js';
import type { PricesService } from './prices.service.js';
import { API_PATHS } from '../../contract/api-paths.js';

export async function pricesRoutes(app: FastifyInstance, { service }: { service: PricesService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_PATHS.prices,
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
