import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pricesRoutes } from './prices.routes.js';
import { pricesServiceFor } from './prices.service.js';

/** GET /api/v1/paypal_prices, over the app's one PayPal client. */
async function prices(app: FastifyInstance) {
  const { config, paypalApi, log } = app.ctx;
  await app.register(pricesRoutes, { service: pricesServiceFor({ config, api: paypalApi, log }) });
}

export default fp(prices, { name: 'prices', dependencies: ['app-context'] });
