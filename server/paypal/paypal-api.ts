import type { AppMetrics } from '../metrics/metrics.js';
import { z } from 'zod';

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

export interface PayPalApiOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  now?: () => number;
  /** Counts each call by operation (the path with its ids as `{id}`) and result. */
  metrics?: AppMetrics;
}

export interface PayPalReply {
  status: number;
  body: unknown;
}

/** The part of PayPal's `POST /v1/oauth2/token` reply the client needs. */
const tokenReplySchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export function describeFailure(method: string, path: string, reply: PayPalReply): string {
  const body = (typeof reply.body === 'object' && reply.body !== null ? reply.body : {}) as Record<
    string,
    unknown
  >;
  const name = body.name ?? body.error;
  const debugId = typeof body.debug_id === 'string' ? ` (debug id ${body.debug_id})` : '';
  return `PayPal answered ${reply.status}${typeof name === 'string' ? ` ${name}` : ''} to ${method} ${path}${debugId}`;
}

/** PayPal's REST API: OAuth2 client credentials (one token shared by callers), then authorized calls. */
/** A path as a metric label: its ids (plans, subscriptions, anything after them) become `{id}`. */
export function operationOf(path: string): string {
  return path.split('?')[0]!.replace(/\/(plans|subscriptions|captures|sales?|refunds)\/[^/]+/g, '/$1/{id}');
}

export class PayPalApi {
  private readonly apiBase: string;
  private readonly basicAuth: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly metrics: AppMetrics | undefined;
  private token: { value: string; renewAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(options: PayPalApiOptions) {
    this.apiBase = options.apiBase.replace(/\/$/, '');
    this.basicAuth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? PAYPAL_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.metrics = options.metrics;
  }

  /** A call with the access token; a token PayPal revoked early is replaced once. */
  async authorized(
    method: 'GET' | 'POST',
    path: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<PayPalReply> {
    const send = async () =>
      this.call(
        method,
        path,
        {
          Authorization: `Bearer ${await this.accessToken()}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body === undefined ? undefined : JSON.stringify(body),
      );
    const operation = `${method} ${operationOf(path)}`;
    try {
      let reply = await send();
      if (reply.status === 401) {
        this.token = null;
        reply = await send();
      }
      this.metrics?.paypalRequest(operation, reply.status < 400 ? 'ok' : 'failed');
      return reply;
    } catch (error) {
      this.metrics?.paypalRequest(operation, 'failed');
      throw error;
    }
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
  ): Promise<PayPalReply> {
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
