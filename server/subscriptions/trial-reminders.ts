import type { AppContext } from '../app-context.js';
import type { Sweep } from '../housekeeping/housekeeping.plugin.js';
import { trialEndingMail } from '../mail/subscription-mails.js';
import { findUserById } from '../users/users.repository.js';
import { listTrialsEndingBy, markTrialReminded } from './subscriptions.repository.js';

export const TRIAL_REMINDER_DAYS = 3;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The hourly job's part (DESIGN 15): a mail three days before a trial ends, once per subscription. Each
 * reminder is claimed before it is sent, so instances sweeping at the same hour send it once between them.
 */
export function trialReminders(ctx: AppContext): Sweep {
  return async (db, at) => {
    const before = new Date(new Date(at).getTime() + TRIAL_REMINDER_DAYS * DAY_MS).toISOString();
    let sent = 0;
    for (const subscription of await listTrialsEndingBy(db, { at, before })) {
      if (!subscription.trialEndsAt || !(await markTrialReminded(db, { id: subscription.id, at }))) continue;
      const user = await findUserById(db, subscription.userId);
      if (!user) continue;
      ctx.mailer.dispatch(
        trialEndingMail(ctx.config, {
          to: user.email,
          endsAt: subscription.trialEndsAt,
          plan: subscription.plan,
        }),
      );
      sent += 1;
    }
    return sent;
  };
}
