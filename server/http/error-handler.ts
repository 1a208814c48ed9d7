import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { DEPENDENCY_MESSAGES, dependencyDown } from './dependency-errors.js';

const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request body is too large. The limit is 64 KiB.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_request',
    message: 'The request body is empty; it should be a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_request',
    message: 'The request body is not valid JSON.',
  },
};

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  const where = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
  return where
    ? `The request is missing a field or has a field of the wrong type: ${where}.`
    : 'The request is missing a field or has a field of the wrong type.';
}

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.code(error.status).headers(error.headers).send({ error: error.code, message: error.message });
}

/** One handler for every failure: known errors keep their status, anything else is a logged, opaque 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, new AppError(400, 'invalid_request', describeValidation(error)));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, new AppError(known.status, known.code, known.message));
    if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_')) {
      return sendError(reply, new AppError(400, 'invalid_request', 'The request body could not be read.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(
        reply,
        new AppError(status, 'invalid_request', 'The request could not be understood.'),
      );
    }
    const dependency = dependencyDown(error);
    if (dependency) {
      request.log.warn({ err: error, dependency }, 'a dependency is unavailable');
      return sendError(
        reply,
        new AppError(503, `${dependency}_unavailable`, DEPENDENCY_MESSAGES[dependency], {
          'retry-after': '5',
        }),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(
      reply,
      new AppError(500, 'internal_error', 'Something went wrong on our side. Please try again in a moment.'),
    );
  });
}
