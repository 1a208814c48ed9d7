import type { AppMetrics } from '../metrics/metrics.js';
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { APP_PREFIX } from '../../contract/app.js';
import { tooManyRequests } from '../http/errors.js';
import type { RateLimitStore, WindowCount } from './rate-limit-store.js';

export interface RateLimitRule {
  /** Hits allowed in one window; the next one is refused with 429. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Production defaults; see docs/decisions/014-rate-limits.md for the reasoning behind each number. */
export const DEFAULT_RATE_LIMITS = {
  signInPerIp: { limit: 100, windowMs: 15 * MINUTE },
  signInPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 20, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resetPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  // A reset link used, or checked by its page before the form shows (decision 168): the numbers of
  // confirmEmailPerIp, the other mailed links' rule.
  resetLinkPerIp: { limit: 20, windowMs: 15 * MINUTE },
  deletePerIp: { limit: 20, windowMs: 60 * MINUTE },
  deletePerAccount: { limit: 5, windowMs: 60 * MINUTE },
  changePasswordPerUser: { limit: 10, windowMs: 15 * MINUTE },
  qrPerUser: { limit: 10, windowMs: 15 * MINUTE },
  exportPerUser: { limit: 10, windowMs: 60 * MINUTE },
  confirmEmailPerIp: { limit: 20, windowMs: 15 * MINUTE },
  // Each request stores a challenge for 5 minutes: a bound on what one address can make the server keep.
  // Every view of the sign-in page asks once, for the e-mail field's passkey autofill (decision 170), so an
  // office behind one address needs more than the 60 of before.
  passkeyOptionsPerIp: { limit: 300, windowMs: 15 * MINUTE },
  // Registration options of one signed-in account: each stores a challenge for 5 minutes too.
  passkeyRegistrationPerUser: { limit: 20, windowMs: 15 * MINUTE },
  // Set-up, enable, disable and new recovery codes of one signed-in account (each also checks a password or a code).
  twoFactorPerUser: { limit: 10, windowMs: 15 * MINUTE },
  // PayPal's webhook, per calling address, before any certificate download (decision 154). PayPal delivers
  // from a few addresses and redelivers what was refused, so a busy hour is only late.
  webhookPerIp: { limit: 600, windowMs: 15 * MINUTE },
  // Subscriptions started at PayPal by one account (decision 154): each is a PayPal create and a row.
  subscriptionCreatesPerUser: { limit: 5, windowMs: 60 * MINUTE },
  // DESIGN 15: the history, receipt links and receipts of one account, each read from PayPal (a call per
  // subscription); a person looking through their payments needs a few dozen.
  billingReadsPerUser: { limit: 60, windowMs: 15 * MINUTE },
  // DESIGN 15: plan changes begun at PayPal (a revise each) by one account.
  planChangesPerUser: { limit: 10, windowMs: 60 * MINUTE },
  // DESIGN 13: new mails with a code and link that confirm the address, per signed-in account.
  verificationMailsPerUser: { limit: 5, windowMs: 60 * MINUTE },
  // DESIGN 13: sign-in codes asked for, per address (whether or not it has an account) and per IP.
  emailCodePerEmail: { limit: 5, windowMs: 60 * MINUTE },
  emailCodePerIp: { limit: 20, windowMs: 60 * MINUTE },
  // Codes for a confirming step mailed to one signed-in account (decision 176).
  reauthCodesPerUser: { limit: 5, windowMs: 15 * MINUTE },
  // Verification links used, or codes confirmed, per IP: the numbers of the other mailed links' rule.
  verifyEmailPerIp: { limit: 20, windowMs: 15 * MINUTE },
  // DESIGN 14: provider flows begun per IP; each keeps a row for 10 minutes. A person needs a handful.
  providerStartsPerIp: { limit: 60, windowMs: 15 * MINUTE },
  /** Every password check of an account, from anywhere; a success starts the count again (decision 076). */
  passwordFailuresPerAccount: { limit: 100, windowMs: 365 * DAY },
  /** Wrong codes in a row at the second step of sign-in; the owner is mailed when the count reaches the limit. */
  wrongCodesPerAccount: { limit: 5, windowMs: 365 * DAY },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitSettings = Record<RateLimitName, RateLimitRule>;

/** A count of one rule for one subject (`RateLimiter.counter`). */
export interface RateCounter {
  hit(): Promise<WindowCount>;
  reset(): Promise<void>;
}

/** Counts hits per rule and subject (an IP, an e-mail, a user id) and refuses those over the limit. */
export class RateLimiter {
  readonly settings: RateLimitSettings;
  private key: KeyObject | undefined;

  constructor(
    private readonly store: RateLimitStore,
    settings: Partial<RateLimitSettings> = {},
    private readonly metrics?: AppMetrics,
  ) {
    this.settings = { ...DEFAULT_RATE_LIMITS, ...settings };
  }

  /** The app's secret for counter keys (the same on every instance: `app_secrets`); set before the first check. */
  useKey(key: Buffer): void {
    // A KeyObject made once: on Node 24, HMAC with raw key bytes costs several times as much (decision 201).
    this.key = createSecretKey(key);
  }

  /** Throws the 429 reply when this hit is over the limit of `rule` for `subject`. */
  async check(rule: RateLimitName, subject: string): Promise<void> {
    const { count, resetInMs } = await this.hit(rule, subject);
    if (count <= this.settings[rule].limit) return;
    this.metrics?.limited(rule);
    throw tooManyRequests(Math.max(1, Math.ceil(resetInMs / 1000)));
  }

  /** Counts one hit and says how many the window holds now, refusing nothing (the caller decides). */
  async hit(rule: RateLimitName, subject: string) {
    return this.store.hit(this.keyOf(rule, subject), this.settings[rule].windowMs);
  }

  /**
   * One rule's count for one subject, its key made once: for a caller that counts a hit and later, in the
   * same request, forgets the count (a password check that passed). Each key is an HMAC; nothing is kept
   * beyond the object the caller holds.
   */
  counter(rule: RateLimitName, subject: string): RateCounter {
    const key = this.keyOf(rule, subject);
    const { windowMs } = this.settings[rule];
    return { hit: () => this.store.hit(key, windowMs), reset: () => this.store.reset(key) };
  }

  /** Whether the next hit of `subject` on `rule` would be refused, counting nothing (the support console asks). */
  async isSpent(rule: RateLimitName, subject: string): Promise<boolean> {
    return (await this.store.peek(this.keyOf(rule, subject))) >= this.settings[rule].limit;
  }

  /** Forgets the count of `rule` for `subject`. */
  async reset(rule: RateLimitName, subject: string): Promise<void> {
    await this.store.reset(this.keyOf(rule, subject));
  }

  private keyOf(rule: RateLimitName, subject: string): string {
    if (!this.key) throw new Error('The rate-limit key is not loaded yet.');
    // Keyed with the app's secret so the store (possibly a shared Redis) never holds e-mail or IP addresses,
    // nor hashes of them that anyone could reverse by hashing guesses.
    return `${APP_PREFIX}:rate:${rule}:${createHmac('sha256', this.key).update(subject).digest('base64url')}`;
  }

  close() {
    return this.store.close();
  }
}
