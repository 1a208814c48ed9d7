import { errorBodySchema } from '../../contract/error-body.js';
import { ERROR_MESSAGES, type ErrorCode } from '../../contract/errors.js';

/** A code a call can answer with, or a code with the sentence this call gives for it (a variant). */
export type DescribedError = ErrorCode | { code: ErrorCode; message: string };

/** `code: "sentence"` for each, from the contract's catalogue, so the OpenAPI document names every code. */
export function describeErrors(errors: DescribedError[]): string {
  return errors
    .map((error) =>
      typeof error === 'string'
        ? `${error}: "${ERROR_MESSAGES[error]}"`
        : `${error.code}: "${error.message}"`,
    )
    .join('; ');
}

/** Response schemas for error statuses, each described by its codes so the OpenAPI document lists them. */
export function errorReplies(replies: Record<number, DescribedError[]>) {
  return Object.fromEntries(
    Object.entries(replies).map(([status, errors]) => [
      status,
      errorBodySchema.describe(describeErrors(errors)),
    ]),
  ) as Record<number, typeof errorBodySchema>;
}

/** The replies every call with a JSON body can give besides its own. */
export const BODY_ERRORS: Record<number, DescribedError[]> = {
  400: ['invalid_request'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
};

export const RATE_LIMITED: Record<number, DescribedError[]> = { 429: ['too_many_requests'] };

/** Calls that check a password: rate limits, and the account's lock after 100 failures in a row. */
export const PASSWORD_CHECKED: Record<number, DescribedError[]> = {
  429: ['too_many_requests', 'account_locked'],
};

export const BEARER_ERRORS: Record<number, DescribedError[]> = { 401: ['invalid_token'] };

/** Replies any request can meet, whatever its route: listed once, in the document's description. */
export const GENERAL_ERRORS: DescribedError[] = [
  'not_found',
  'invalid_xsrf_token',
  'origin_not_allowed',
  'upgrade_required',
  'database_unavailable',
  'redis_unavailable',
  'not_built',
  'internal_error',
];
