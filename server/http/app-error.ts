import type { ErrorCode } from '../../contract/errors.js';

/** The one error type a route or service throws for a reply the user should see; made in errors.ts. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
