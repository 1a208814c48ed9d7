import type { FastifyRequest } from 'fastify';
import { REASON_MAX, REASON_MIN, SUPPORT_AGENT_ROLE } from '../../contract/support-rules.js';
import type { DbOrTx } from '../db/database.js';
import {
  adminNeedsTwoStep,
  cannotActOnAgent,
  cannotActOnSelf,
  invalidReason,
  notFound,
  userNotFound,
} from '../http/errors.js';
import { getUser } from '../sessions/request-user.js';
import type { Authenticated } from '../sessions/sessions.service.js';
import type { Account } from '../users/account.js';
import { findUserById } from '../users/users.repository.js';

/**
 * The one guard of every console call (DESIGN 16), run before the body is even read: anyone but a support
 * agent gets the 404 any unknown address gets (the console is not advertised), an agent whose session did
 * not begin with two factors (a passkey, or a password and a code) 403 `admin_needs_two_step`.
 */
export async function guardConsole(request: FastifyRequest): Promise<void> {
  const found = await getUser(request);
  if (found?.user.role !== SUPPORT_AGENT_ROLE)
    throw notFound(request.method, request.url.split('?')[0] ?? '/');
  if (found.session.factors < 2) throw adminNeedsTwoStep();
}

/** The agent of a request the guard let through. */
export async function agentOf(request: FastifyRequest): Promise<Authenticated> {
  const found = await getUser(request);
  if (!found) throw new Error('The console guard did not run for this route.');
  return found;
}

/** The person an action is for: not the agent, nor another agent (DESIGN 16). */
export async function actionTarget(
  db: DbOrTx,
  { id, agent }: { id: number; agent: Account },
): Promise<Account> {
  const target = await findUserById(db, id);
  if (!target) throw userNotFound();
  if (target.id === agent.id) throw cannotActOnSelf();
  if (target.role === SUPPORT_AGENT_ROLE) throw cannotActOnAgent();
  return target;
}

/** The action's reason, trimmed: 10 to 500 characters (as a person counts them), or 422 `invalid_reason`. */
export function reasonOf(reason: string): string {
  const trimmed = reason.trim();
  const length = [...trimmed].length;
  if (length < REASON_MIN || length > REASON_MAX) throw invalidReason();
  return trimmed;
}
