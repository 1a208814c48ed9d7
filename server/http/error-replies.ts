import { errorBodySchema } from '../../contract/errors.js';

/** Response schemas for error statuses, each described by its codes so the OpenAPI document lists them. */
export function errorReplies(descriptions: Record<number, string>) {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [
      status,
      errorBodySchema.describe(description),
    ]),
  ) as Record<number, typeof errorBodySchema>;
}

/** The replies every call with a JSON body can give besides its own. */
export const BODY_ERRORS = {
  400: 'invalid_request: malformed JSON, a missing field or a field of the wrong type',
  413: 'payload_too_large: the body is over 64 KiB',
  415: 'unsupported_media_type: the body is not JSON',
};

export const RATE_LIMITED = { 429: 'too_many_requests: wait for the number of seconds in Retry-After' };

export const BEARER_ERRORS = { 401: 'invalid_token: no token, or one that is unknown, revoked or expired' };
