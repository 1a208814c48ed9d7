import type {
  AdminAuditEvent,
  AdminUserDetail,
  AdminUserList,
  AdminUserSummary,
} from '../../contract/admin.js';
import { ADMIN_PAGE_SIZE, SUPPORT_AGENT_ROLE, USER_PAGE_AUDIT_EVENTS } from '../../contract/support-rules.js';
import type { AppContext } from '../app-context.js';
import { userNotFound } from '../http/errors.js';
import { countActiveSessions } from '../sessions/sessions.repository.js';
import type { SupportDesk } from '../support/support-desk.js';
import type { Account } from '../users/account.js';
import type { AccountLifecycle } from '../users/account-lifecycle.js';
import { isAccountLocked } from '../users/credentials.js';
import { findUserById } from '../users/users.repository.js';
import { listAuditEvents, type StoredAuditEvent } from './admin-audit.repository.js';
import { listAgents, searchAccounts } from './admin-users.repository.js';

/** What the console's services need: the app's context and the facts and actions features added. */
export interface ConsoleContext extends AppContext {
  desk: SupportDesk;
  lifecycle: AccountLifecycle;
}

// The cursor of the search is the last address of the page, wrapped so nobody reads it as an address to type.
const toCursor = (email: string) => Buffer.from(email, 'utf8').toString('base64url');
const fromCursor = (cursor: string | undefined) =>
  cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : null;

/** The list's JSON of each account, with what features and the building blocks tell of it. */
async function summaries(ctx: ConsoleContext, accounts: Account[]): Promise<AdminUserSummary[]> {
  const ids = accounts.map((account) => account.id);
  const facts = await ctx.desk.summariesOf(ids);
  const sessions = await countActiveSessions(ctx.db, ids);
  return Promise.all(
    accounts.map(async (account) => ({
      id: account.id,
      email: account.email,
      role: account.role,
      created_at: account.created_at,
      ...facts.get(account.id)!,
      sessions: sessions.get(account.id) ?? 0,
      locked: await isAccountLocked(ctx.rateLimiter, account),
    })),
  );
}

/** GET /api/v1/admin/users: accounts whose address contains `q`, 50 a page by address. */
export async function searchPeople(
  ctx: ConsoleContext,
  { q = '', cursor }: { q?: string; cursor?: string },
): Promise<AdminUserList> {
  const found = await searchAccounts(ctx.db, {
    part: q,
    after: fromCursor(cursor),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = found.slice(0, ADMIN_PAGE_SIZE);
  return {
    users: await summaries(ctx, page),
    next_cursor: found.length > ADMIN_PAGE_SIZE ? toCursor(page.at(-1)!.email) : null,
  };
}

/** Names the agent of each event that has one, from the agents there are now. */
async function agentNamer(ctx: ConsoleContext) {
  const agents = new Map<string, { id: number; email: string }>();
  for (const agent of await listAgents(ctx.db, SUPPORT_AGENT_ROLE))
    for (const subject of ctx.audit.subjectsOf({ userId: agent.id })) agents.set(subject, agent);
  return (event: StoredAuditEvent): AdminAuditEvent => ({
    id: event.id,
    at: event.at,
    event: event.event,
    ip: event.ip,
    agent: event.actor === null ? null : (agents.get(event.actor) ?? { id: null, email: null }),
    reason: event.reason,
  });
}

/** GET /api/v1/admin/audit: events newest first, of one account or one event if asked, 50 a page. */
export async function auditEvents(
  ctx: ConsoleContext,
  { user, event, before }: { user?: number; event?: string; before?: number },
) {
  const subjects = user === undefined ? undefined : ctx.audit.subjectsOf({ userId: user });
  const found = await listAuditEvents(ctx.db, { subjects, event, before, limit: ADMIN_PAGE_SIZE + 1 });
  const page = found.slice(0, ADMIN_PAGE_SIZE);
  const named = await agentNamer(ctx);
  return {
    events: page.map(named),
    next_cursor: found.length > ADMIN_PAGE_SIZE ? String(page.at(-1)!.id) : null,
  };
}

/** GET /api/v1/admin/users/:id: the list's facts, the devices, identities, subscription and last 100 events. */
export async function personPage(ctx: ConsoleContext, userId: number): Promise<AdminUserDetail> {
  const account = await findUserById(ctx.db, userId);
  if (!account) throw userNotFound();
  const [summary] = await summaries(ctx, [account]);
  const details = await ctx.desk.detailOf(userId);
  const subjects = ctx.audit.subjectsOf({ userId });
  const events = await listAuditEvents(ctx.db, { subjects, limit: USER_PAGE_AUDIT_EVENTS });
  const named = await agentNamer(ctx);
  return { ...summary!, ...details, audit_events: events.map(named) };
}
