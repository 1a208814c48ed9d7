import type { DbOrTx } from '../db/database.js';
import { deleteSessionsOfUser, type EndedSession } from '../sessions/sessions.repository.js';
import { markEmailVerified } from './users.repository.js';

/**
 * Why the account is being recovered. Each path ends the sessions (all, or all but the caller's) and
 * pending QR tokens; what else ends depends on the reason (DESIGN 7, "Recovery ends what an intruder left
 * behind").
 */
export type RecoveryReason =
  /** PUT /api/v2/change_password with the current password: the caller's session stays. */
  | 'password_changed'
  /** A reset link was used: every session, passkey and device cookie ends. */
  | 'password_reset'
  /** 'Sign out of all other devices': the caller's session stays. */
  | 'others_signed_out'
  /** The old address undid an e-mail change: every session ends. */
  | 'email_change_undone'
  /** A support agent signed the account out everywhere (DESIGN 16): every session ends. */
  | 'signed_out_by_support';

export interface Recovery {
  userId: number;
  reason: RecoveryReason;
  /** The session that asked for the recovery and stays signed in; none ends every session. */
  keepSessionId?: number;
  /**
   * Set by the block: a used reset link proves the mailbox (DESIGN 13), and when it confirms an address never
   * confirmed before, what was set up before it goes too (DESIGN 7: two-step sign-in, identities, changes).
   */
  firstVerification?: boolean;
}

/** What a step ended: a sentence for the owner's mail, and work for after the transaction commits. */
export interface RecoveryOutcome {
  /** Said in the mail that tells the owner of the recovery ("Every passkey was removed …"). */
  notice?: string;
  afterCommit?: () => Promise<void>;
}

/** What a feature ends on recovery, inside the recovery's transaction. */
export type RecoveryStep = (tx: DbOrTx, recovery: Recovery) => Promise<RecoveryOutcome | void>;

/** What the one recovery step did, for the caller to announce once its transaction has committed. */
export interface Recovered {
  /** The sessions that ended, for the push channel (`pending`: a QR token no device had used). */
  revoked: EndedSession[];
  /** The steps' sentences, in the order they were added, for the recovery's mail. */
  notices: string[];
  /** This recovery (a reset) confirmed the address for the first time. */
  firstVerification: boolean;
  /** Runs the steps' after-commit work (pushes); call it after the commit. */
  announce(): Promise<void>;
}

/**
 * The one step every recovery path shares (STYLE.md's last habit): it ends everything an intruder could
 * have left behind. Sessions and pending QR tokens end here; features that own other pending things (e-mail
 * changes, passkeys, device cookies, second-step challenges) add a step, as they add deletion hooks to the
 * account lifecycle. It runs inside the caller's transaction, so a recovery happens whole or not at all.
 */
export class AccountRecovery {
  private readonly steps = new Map<string, RecoveryStep>();

  add(name: string, step: RecoveryStep): void {
    if (this.steps.has(name)) throw new Error(`The recovery step ${name} is added twice.`);
    this.steps.set(name, step);
  }

  names(): string[] {
    return [...this.steps.keys()];
  }

  async endWhatIntrudersLeft(tx: DbOrTx, asked: Recovery): Promise<Recovered> {
    const recovery: Recovery = {
      ...asked,
      firstVerification:
        asked.reason === 'password_reset' &&
        (await markEmailVerified(tx, { id: asked.userId, at: new Date().toISOString() })),
    };
    // Pending QR tokens are sessions too: a code photographed by an intruder ends with the rest.
    const revoked = await deleteSessionsOfUser(tx, {
      userId: recovery.userId,
      exceptId: recovery.keepSessionId,
    });
    const outcomes: RecoveryOutcome[] = [];
    for (const step of this.steps.values()) {
      const outcome = await step(tx, recovery);
      if (outcome) outcomes.push(outcome);
    }
    return {
      revoked,
      firstVerification: recovery.firstVerification === true,
      notices: outcomes.flatMap((outcome) => (outcome.notice ? [outcome.notice] : [])),
      announce: async () => {
        for (const outcome of outcomes) await outcome.afterCommit?.();
      },
    };
  }
}
