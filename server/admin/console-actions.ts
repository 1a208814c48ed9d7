import { revokeOthersReplySchema } from '../../contract/devices.js';
import { signedOutBySupportMail, unlockedBySupportMail } from '../mail/support-mails.js';
import type { SupportDesk } from '../support/support-desk.js';
import type { AccountRecovery } from '../users/account-recovery.js';
import { clearAccountCounters } from '../users/credentials.js';
import { signOutEverywhere } from '../users/sign-out-everywhere.js';
import type { ConsoleContext } from './admin-people.service.js';

/**
 * The console's own actions, on what building blocks hold (sessions, the throttles); features add theirs
 * (two-step sign-in, subscriptions) to the same desk.
 */
export function addBuiltInActions(
  desk: SupportDesk,
  { ctx, recovery }: { ctx: ConsoleContext; recovery: AccountRecovery },
) {
  desk.addAction('sign_out_all', {
    status: 200,
    reply: revokeOthersReplySchema,
    summary:
      'Sign the person out of every device: each session ends (pending QR codes and e-mail changes too), its pages hear signed_out',
    async run({ target, record }) {
      const revoked = await signOutEverywhere(ctx, recovery, {
        userId: target.id,
        reason: 'signed_out_by_support',
        record: (tx) => record(tx, 'support_signed_out_all'),
      });
      if (revoked > 0) ctx.mailer.dispatch(signedOutBySupportMail(ctx.config, { to: target.email }));
      return { revoked };
    },
  });

  desk.addAction('unlock', {
    status: 204,
    summary:
      'Clear the stop after 100 wrong passwords or codes and the account’s sign-in throttles (DESIGN 7)',
    async run({ target, record }) {
      await clearAccountCounters(ctx.rateLimiter, target);
      await record(ctx.db, 'support_unlocked');
      ctx.mailer.dispatch(unlockedBySupportMail(ctx.config, { to: target.email }));
    },
  });
}
