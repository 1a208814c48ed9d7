import type { DeletionRefusal } from '../../contract/users.js';

/** The deletion being decided: whose account, and whose session (if any) the request came with. */
export interface DeletionCheck {
  userId: number;
  /** The account id of the request's Bearer token, or null when it came without a valid one. */
  signedInAs(): Promise<number | null>;
}

/** Thrown by a `beforeDelete` step that must keep the account (PayPal could not stop billing): nothing is deleted. */
export class DeletionRefused extends Error {
  constructor(
    /** What the reply tells the person (contract/users.ts). */
    readonly reason: DeletionRefusal,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'DeletionRefused';
  }
}

/** What a feature adds to an account's deletion; either part may be left out. */
export interface DeletionHooks {
  /** A reason keeps the account (two-step sign-in on: only with the account's own Bearer token too); null lets it go. */
  mayDelete?(check: DeletionCheck): Promise<DeletionRefusal | null>;
  /** Runs once the deletion is decided and before anything is deleted; DeletionRefused keeps the account. */
  beforeDelete?(userId: number): Promise<void>;
}

/**
 * The extension point of an account's life: features add what must be asked and done before a deletion,
 * as they add sweeps to housekeeping. Deletion asks every veto, then runs every step, in the order added.
 */
export class AccountLifecycle {
  private readonly hooks = new Map<string, DeletionHooks>();

  onDelete(name: string, hooks: DeletionHooks): void {
    if (this.hooks.has(name)) throw new Error(`Deletion hooks named ${name} are added twice.`);
    this.hooks.set(name, hooks);
  }

  /** The first veto's reason, or null when every feature lets the account go. */
  async refusalOf(check: DeletionCheck): Promise<DeletionRefusal | null> {
    for (const { mayDelete } of this.hooks.values()) {
      const refusal = (await mayDelete?.(check)) ?? null;
      if (refusal) return refusal;
    }
    return null;
  }

  async beforeDelete(userId: number): Promise<void> {
    for (const { beforeDelete } of this.hooks.values()) await beforeDelete?.(userId);
  }
}
