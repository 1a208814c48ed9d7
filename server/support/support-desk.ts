import type { ZodType } from 'zod';
import type { AdminUserDetail, AdminUserSummary } from '../../contract/admin.js';
import type { AuditEventName } from '../audit/audit.service.js';
import type { DbOrTx } from '../db/database.js';
import type { Caller } from '../http/caller.js';
import type { DescribedError } from '../http/error-replies.js';
import type { Account } from '../users/account.js';

/** What features tell of a person in the console's list (the console itself adds sessions and the lock). */
export type SummaryFacts = Omit<
  AdminUserSummary,
  'id' | 'email' | 'role' | 'created_at' | 'sessions' | 'locked'
>;
/** What features add on a person's page. */
export type DetailFacts = Pick<AdminUserDetail, 'sessions' | 'subscription' | 'identities'>;

/**
 * Each fact's value when its feature is not on this server: none of it. `email_verified` (added by
 * email-verification/) and `identities` (provider sign-in, to come) have none: the reply leaves them out.
 */
const ABSENT_SUMMARY: SummaryFacts = { two_factor: false, passkeys: 0, subscription_status: null };
const ABSENT_DETAIL: DetailFacts = { sessions: [], subscription: null };

/** Reads one fact of many people at once (a page of the search): a value per user id, absent ones left out. */
type ReadMany<V> = (userIds: number[]) => Promise<Map<number, V>>;

/** Who acts, on whom, and why: what every action is handed. */
export interface SupportAction {
  target: Account;
  agent: Account;
  reason: string;
  caller: Caller;
  /** Records the action's audit event about the target, naming the agent and the reason (in its transaction). */
  record(db: DbOrTx, event: AuditEventName): Promise<void>;
}

/** An action of the console, added by the feature that owns what it changes. */
export interface ActionDefinition<R> {
  /** The reply's status and body: 200 with JSON, or 202 / 204 without a body. */
  status: 200 | 202 | 204;
  reply?: ZodType<R>;
  summary: string;
  /** The refusals it can answer with besides the console's own (status: codes), for the API document. */
  refusals?: Record<number, DescribedError[]>;
  run(action: SupportAction): Promise<R>;
}

/**
 * The extension point of the support console (DESIGN 16), as the account lifecycle and /me parts are: a
 * feature adds the facts it owns about a person and the actions it can take for them, and the console
 * (server/admin/) shows and runs them, checking who may, asking why and auditing. A feature that is not on
 * the server adds nothing, so its action has no route and its facts their absent value.
 */
export class SupportDesk {
  private readonly summaries = new Map<keyof SummaryFacts, ReadMany<unknown>>();
  private readonly details = new Map<keyof DetailFacts, (userId: number) => Promise<unknown>>();
  private readonly registered = new Map<string, ActionDefinition<unknown>>();
  private closed = false;

  addSummary<K extends keyof SummaryFacts>(name: K, read: ReadMany<NonNullable<SummaryFacts[K]>>): void {
    this.open(`fact ${name}`, this.summaries.has(name));
    this.summaries.set(name, read);
  }

  addDetail<K extends keyof DetailFacts>(name: K, read: (userId: number) => Promise<DetailFacts[K]>): void {
    this.open(`fact ${name}`, this.details.has(name));
    this.details.set(name, read);
  }

  addAction<R>(name: string, action: ActionDefinition<R>): void {
    this.open(`action ${name}`, this.registered.has(name));
    this.registered.set(name, action as ActionDefinition<unknown>);
  }

  /** The actions, for the console to give each a route; nothing may be added after this. */
  actions(): ReadonlyMap<string, ActionDefinition<unknown>> {
    this.closed = true;
    return this.registered;
  }

  async summariesOf(userIds: number[]): Promise<Map<number, SummaryFacts>> {
    const facts = new Map(userIds.map((id) => [id, { ...ABSENT_SUMMARY }]));
    for (const [name, read] of this.summaries) {
      const values = await read(userIds);
      for (const [id, value] of values) {
        const one = facts.get(id);
        if (one) one[name] = value as never;
      }
    }
    return facts;
  }

  async detailOf(userId: number): Promise<DetailFacts> {
    const facts = { ...ABSENT_DETAIL };
    for (const [name, read] of this.details) facts[name] = (await read(userId)) as never;
    return facts;
  }

  private open(what: string, taken: boolean) {
    if (taken) throw new Error(`The support console's ${what} is added twice.`);
    if (this.closed)
      throw new Error(
        `The support console's ${what} is added after the console took its list: register it first.`,
      );
  }
}
