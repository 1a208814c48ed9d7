import { createHash } from 'node:crypto';
import { APP_PREFIX } from '../../contract/app.js';
import { AppError } from '../http/app-error.js';
import type { RateLimitStore } from './rate-limit-store.js';

export interface RateLimitRule {
  /** Hits allowed in one window; the next one is refused with 429. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Production defaults; see docs/decisions/014-rate-limits.md for the reasoning behind each number. */
export const DEFAULT_RATE_LIMITS = {
  signInPerIp: { limit: 100, windowMs: 15 * MINUTE },
  signInPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 20, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  deletePerIp: { limit: 20, windowMs: 60 * MINUTE },
  deletePerAccount: { limit: 5, windowMs: 60 * MINUTE },
  changePasswordPerUser: { limit: 10, windowMs: 15 * MINUTE },
  qrPerUser: { limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitSettings = Record<RateLimitName, RateLimitRule>;

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    'too_many_requests',
    `Too many attempts. Please wait ${inWords(retryAfterSeconds)} and try again.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Counts hits per rule and subject (an IP, an e-mail, a user id) and refuses those over the limit. */
export class RateLimiter {
  readonly settings: RateLimitSettings;

  constructor(
    private readonly store: RateLimitStore,
    settings: Partial<RateLimitSettings> = {},
  ) {
    this.settings = { ...DEFAULT_RATE_LIMITS, ...settings };
  }

  /** Throws the 429 reply when this hit is over the limit of `rule` for `subject`. */
  async check(rule: RateLimitName, subject: string): Promise<void> {
    const { limit, windowMs } = this.settings[rule];
    // Hashed so the store (possibly a shared Redis) never holds e-mail or IP addresses in the clear.
    const key = `${APP_PREFIX}:rate:${rule}:${createHash('sha256').update(subject).digest('base64url')}`;
    const { count, resetInMs } = await this.store.hit(key, windowMs);
    if (count > limit) throw tooManyRequests(Math.max(1, Math.ceil(resetInMs / 1000)));
  }

  close() {
    return this.store.close();
  }
}
