import { planReplySchema, regularPrice, tokenReplySchema, type PlanPrice } from './paypal-plan.js';

/** Every call to PayPal gives up after this long, so a slow PayPal never holds a request for long. */
export const PAYPAL_TIMEOUT_MS = 3000;
/** A token is renewed this long before PayPal says it expires, so no call carries one that dies on the way. */
export const TOKEN_RENEW_MARGIN_MS = 60_000;

/** Why a call to PayPal failed, in words fit for a log line: never a credential. */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export interface PayPalClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  now?: () => number;
}

interface Reply {
  status: number;
  body: unknown;
}

function describeFailure(method: string, path: string, reply: Reply): string {
  const body = (typeof reply.body === 'object' && reply.body !== null ? reply.body : {}) as Record<
    string,
    unknown
  >;
  const name = body.name ?? body.error;
  const debugId = typeof body.debug_id === 'string' ? ` (debug id ${body.debug_id})` : '';
  return `PayPal answered ${reply.status}${typeof name === 'string' ? ` ${name}` : ''} to ${method} ${path}${debugId}`;
}

/** PayPal's REST API: OAuth2 client credentials, then billing plans. */
export class PayPalClient {
  private readonly apiBase: string;
  private readonly basicAuth: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; renewAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(options: PayPalClientOptions) {
    this.apiBase = options.apiBase.replace(/\/$/, '');
    this.basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? PAYPAL_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** The price, currency and period of a billing plan's REGULAR cycle. */
  async planPrice(planId: string): Promise<PlanPrice> {
    const path = `/v1/billing/plans/${encodeURIComponent(planId)}`;
    let reply = await this.call('GET', path, { Authorization: `Bearer ${await this.accessToken()}` });
    if (reply.status === 401) {
      // PayPal may revoke a token before it expires: forget it and try once more with a fresh one.
      this.token = null;
      reply = await this.call('GET', path, { Authorization: `Bearer ${await this.accessToken()}` });
    }
    if (reply.status !== 200) throw new PayPalError(describeFailure('GET', path, reply), reply.status);
    const plan = planReplySchema.safeParse(reply.body);
    const price = plan.success ? regularPrice(plan.data) : null;
    if (!price) throw new PayPalError(`PayPal plan ${planId} has no fixed price on a REGULAR billing cycle`);
    return price;
  }

  /** The cached access token while it is good, else a new one; callers at the same moment share one call. */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const path = '/v1/oauth2/token';
    const reply = await this.call(
      'POST',
      path,
      { Authorization: this.basicAuth, 'Content-Type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (reply.status !== 200) throw new PayPalError(describeFailure('POST', path, reply), reply.status);
    const token = tokenReplySchema.safeParse(reply.body);
    if (!token.success) throw new PayPalError('PayPal answered the token call without a usable access token');
    const lifetimeMs = token.data.expires_in * 1000;
    this.token = {
      value: token.data.access_token,
      renewAt: this.now() + Math.max(lifetimeMs - TOKEN_RENEW_MARGIN_MS, lifetimeMs / 2),
    };
    return this.token.value;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Reply> {
    // One deadline for the whole exchange: headers and body alike.
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await fetch(`${this.apiBase}${path}`, {
        method,
        headers: { Accept: 'application/json', ...headers },
        body,
        signal,
        redirect: 'error',
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        if (response.ok)
          throw new PayPalError(`PayPal answered ${method} ${path} with a body that is not JSON`);
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      if (error instanceof PayPalError) throw error;
      if (signal.aborted) {
        throw new PayPalError(`PayPal did not answer ${method} ${path} within ${this.timeoutMs} ms`);
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new PayPalError(`PayPal could not be reached for ${method} ${path}${cause ? ` (${cause})` : ''}`);
    }
  }
}
