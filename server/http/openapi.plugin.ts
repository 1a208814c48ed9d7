import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeErrors, GENERAL_ERRORS } from './error-replies.js';
import { API_PATHS } from '../../contract/api-paths.js';

/** Collects every route registered after it into an OpenAPI document, generated from the zod schemas. */
async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${app.config.appName} API`,
        version: '1.0.0',
        description: `Every error reply is \`{"error", "message"}\`. Besides the replies each call lists, any request may get: ${describeErrors(GENERAL_ERRORS)}.`,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export default fp(openApi, { name: 'openapi', dependencies: ['config'] });

/** GET /api/openapi.json: the document itself (hidden from it). */
export async function openApiRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(API_PATHS.openApi, { schema: { hide: true } }, async () => app.swagger());
}
