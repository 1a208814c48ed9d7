import { SUPPORT_AGENT_ROLE } from '../../contract/support-rules.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { normaliseEmail } from '../users/email-address.js';
import { findUserByEmail } from '../users/users.repository.js';

/** `npm run admin -- grant <email> | revoke <email> | list` (DESIGN 16): the only way a role changes. */
export type RoleCommand = { name: 'grant' | 'revoke'; email: string } | { name: 'list' };

export const ROLE_COMMAND_USAGE =
  'Usage: npm run admin -- grant <email> | revoke <email> | list\n  grant   makes the account a support agent (role 1): it may open /admin\n  revoke  makes it a member again\n  list    names every support agent';

/** A command line's words as a command, or null when they are none (the caller prints the usage). */
export function parseRoleCommand(words: string[]): RoleCommand | null {
  const [name, email, ...rest] = words;
  if (rest.length > 0) return null;
  if (name === 'list' && email === undefined) return { name };
  if ((name === 'grant' || name === 'revoke') && email) return { name, email };
  return null;
}

/** A refusal the operator reads as it is (an unknown address, nothing to do). */
export class RoleCommandRefused extends Error {}

export interface RoleDeps {
  db: Db;
  audit: AuditTrail;
}

/** Whether the account can open the console yet: it needs a passkey or two-step sign-in. */
async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const passkey = await db
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (passkey) return true;
  const twoStep = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return twoStep !== undefined;
}

/**
 * Runs a role command and says what it did, in sentences for the operator. Grant and revoke write an audit
 * event about the account, its reason naming the operating-system user who ran the command.
 */
export async function runRoleCommand(
  { db, audit }: RoleDeps,
  command: RoleCommand,
  { operator }: { operator: string },
): Promise<string> {
  if (command.name === 'list') {
    const agents = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('role', '=', SUPPORT_AGENT_ROLE)
      .orderBy('email')
      .execute();
    if (agents.length === 0)
      return 'There is no support agent yet. Name one with: npm run admin -- grant <email>';
    return agents.map((agent) => `${agent.email} (id ${agent.id})`).join('\n');
  }
  const email = normaliseEmail(command.email);
  const account = await findUserByEmail(db, email);
  if (!account) throw new RoleCommandRefused(`No account has the address ${email}. It must sign up first.`);
  const granting = command.name === 'grant';
  const role = granting ? SUPPORT_AGENT_ROLE : 0;
  if (account.role === role)
    return granting ? `${email} is a support agent already.` : `${email} is not a support agent.`;
  await db.transaction().execute(async (tx) => {
    const at = new Date().toISOString();
    await tx.updateTable('users').set({ role, updated_at: at }).where('id', '=', account.id).execute();
    await audit.record(tx, {
      event: granting ? 'support_role_granted' : 'support_role_revoked',
      subject: { userId: account.id },
      ip: null,
      reason: `On the server's command line, by ${operator}`,
    });
  });
  if (!granting) return `${email} is a member again: the support console answers it 404 from now on.`;
  const ready = await hasSecondFactor(db, account.id);
  return `${email} is a support agent now. ${
    ready
      ? 'They open /admin after signing in with a passkey, or with their password and a code.'
      : 'They have no passkey and no two-step sign-in yet: the console opens only to a sign-in with one of them, so they add one under Security on their account page first.'
  }`;
}
