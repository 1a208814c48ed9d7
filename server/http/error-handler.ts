import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { ERROR_MESSAGES, ERROR_VARIANTS } from '../../contract/errors.js';
import { dependencyDown } from './dependency-errors.js';
import {
  dependencyUnavailable,
  internalError,
  invalidRequest,
  missingField,
  payloadTooLarge,
  unsupportedMediaType,
} from './errors.js';

const FRAMEWORK_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: () => invalidRequest(ERROR_VARIANTS.emptyBody),
  FST_ERR_CTP_INVALID_JSON_BODY: () => invalidRequest(ERROR_VARIANTS.invalidJson),
};

function describeValidation(error: FastifyError): AppError {
  const first = error.validation?.[0];
  const where = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
  return missingField(where);
}

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.code(error.status).headers(error.headers).send({ error: error.code, message: error.message });
}

/** One handler for every failure: known errors keep their status, anything else is a logged, opaque 500. */
async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, describeValidation(error));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known());
    if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_')) {
      return sendError(reply, invalidRequest(ERROR_VARIANTS.unreadableBody));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, invalidRequest(ERROR_MESSAGES.invalid_request, status));
    }
    const dependency = dependencyDown(error);
    if (dependency) {
      request.log.warn({ err: error, dependency }, 'a dependency is unavailable');
      return sendError(reply, dependencyUnavailable(dependency));
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, internalError());
  });
}

export default fp(errorHandling, { name: 'error-handling' });
