import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Outcomes as metric labels: a small closed set, never an e-mail, id or token. */
export type Outcome = 'ok' | 'failed';
export type SignInResult = 'ok' | 'second_step' | 'failed';

/**
 * The figures of DESIGN 17. Building blocks count through these methods; the labels they pass are route
 * templates, method names and event types, never anything that names a person.
 */
export interface AppMetrics {
  request(method: string, route: string, status: number, seconds: number): void;
  signIn(method: string, result: SignInResult): void;
  /** Where the push sockets are counted: read at each scrape. */
  countSocketsWith(read: () => number): void;
  pushed(): void;
  webhook(eventType: string, result: string): void;
  paypalRequest(operation: string, result: Outcome): void;
  mail(result: Outcome): void;
  limited(rule: string): void;
  /** The text Prometheus scrapes. */
  text(): Promise<string>;
  readonly contentType: string;
}

// prom-client (with @opentelemetry/api) is loaded with METRICS_PORT only, not at every start (the cold-start
// figure, decision 171).
const require = createRequire(import.meta.url);

/** Prometheus figures with METRICS_PORT; without it, nothing is counted and prom-client is never loaded. */
export function createMetrics(enabled: boolean): AppMetrics {
  return enabled ? new PrometheusMetrics(require('prom-client') as typeof PromClient) : new NoMetrics();
}

class NoMetrics implements AppMetrics {
  request(): void {}
  signIn(): void {}
  countSocketsWith(): void {}
  pushed(): void {}
  webhook(): void {}
  paypalRequest(): void {}
  mail(): void {}
  limited(): void {}
  text(): Promise<string> {
    return Promise.resolve('');
  }
  readonly contentType = 'text/plain; version=0.0.4; charset=utf-8';
}

/**
 * The figures in a registry of the app's own (never prom-client's global one, so two apps in one process, as
 * in the tests, count apart).
 */
class PrometheusMetrics implements AppMetrics {
  readonly registry: Registry;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'route'>;
  private readonly signIns: Counter<'method' | 'result'>;
  private openSockets: () => number = () => 0;
  private readonly pushMessages: Counter;
  private readonly paypalWebhooks: Counter<'event_type' | 'result'>;
  private readonly paypalRequests: Counter<'operation' | 'result'>;
  private readonly mails: Counter<'result'>;
  private readonly rateLimited: Counter<'rule'>;

  constructor({ collectDefaultMetrics, Counter, Gauge, Histogram, Registry }: typeof PromClient) {
    const registry = new Registry();
    const registers = [registry];
    this.registry = registry;
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to its reply, by route template',
      labelNames: ['route'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.signIns = new Counter({
      name: 'sign_ins_total',
      help: 'Sign-in attempts, by method and result',
      labelNames: ['method', 'result'] as const,
      registers,
    });
    const cableConnections: Gauge = new Gauge({
      name: 'cable_connections',
      help: 'Push sockets open on this instance',
      registers,
      collect: (): void => cableConnections.set(this.openSockets()),
    });
    this.pushMessages = new Counter({
      name: 'push_messages_total',
      help: 'Account events broadcast to push sockets',
      registers,
    });
    this.paypalWebhooks = new Counter({
      name: 'paypal_webhooks_total',
      help: 'PayPal webhook deliveries, by event type and result',
      labelNames: ['event_type', 'result'] as const,
      registers,
    });
    this.paypalRequests = new Counter({
      name: 'paypal_requests_total',
      help: 'Calls to PayPal’s REST API, by operation and result',
      labelNames: ['operation', 'result'] as const,
      registers,
    });
    this.mails = new Counter({
      name: 'mails_total',
      help: 'Mails sent or written to the outbox, by result',
      labelNames: ['result'] as const,
      registers,
    });
    this.rateLimited = new Counter({
      name: 'rate_limited_total',
      help: 'Requests refused with 429, by rate-limit rule',
      labelNames: ['rule'] as const,
      registers,
    });
    collectDefaultMetrics({ register: registry });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
    this.httpDuration.observe({ route }, seconds);
  }

  // One child per method and result, kept: prom-client hashes a label set at every `inc({…})`, and sign-in is
  // on the hot path.
  private readonly signInChildren = new Map<string, { inc(): void }>();

  signIn(method: string, result: SignInResult): void {
    const key = `${method} ${result}`;
    let child = this.signInChildren.get(key);
    if (!child) {
      child = this.signIns.labels({ method, result });
      this.signInChildren.set(key, child);
    }
    child.inc();
  }

  countSocketsWith(read: () => number): void {
    this.openSockets = read;
  }

  pushed(): void {
    this.pushMessages.inc();
  }

  webhook(eventType: string, result: string): void {
    this.paypalWebhooks.inc({ event_type: eventType, result });
  }

  paypalRequest(operation: string, result: Outcome): void {
    this.paypalRequests.inc({ operation, result });
  }

  mail(result: Outcome): void {
    this.mails.inc({ result });
  }

  limited(rule: string): void {
    this.rateLimited.inc({ rule });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
