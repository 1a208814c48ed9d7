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

/** A new account, as a sign-up hook sees it: the reply is already on its way. */
export interface SignedUp {
  id: number;
  email: string;
}

/**
 * The extension point of an account's life: features add what must be asked and done before a deletion,
 * as they add sweeps to housekeeping. Deletion asks every veto, then runs every step, in the order added.
 */
export class AccountLifecycle {
  private readonly hooks = new Map<string, DeletionHooks>();
  private readonly signUpHooks = new Map<string, (account: SignedUp) => Promise<void>>();
  private verifying = false;

  /**
   * Said by the feature that confirms addresses (DESIGN 13): from then on, what needs a confirmed address
   * (subscribing) refuses one that is not. A server without that feature has no way to confirm one.
   */
  confirmsAddresses(): void {
    this.verifying = true;
  }

  /** Whether this account may do what needs a confirmed address. */
  addressConfirmed(account: { email_verified_at: string | null }): boolean {
    return !this.verifying || account.email_verified_at !== null;
  }

  /**
   * Work for a new account that runs after the sign-up's reply (the confirmation mail of DESIGN 13), so
   * the sign-up itself stays as fast as before.
   */
  onSignUp(name: string, hook: (account: SignedUp) => Promise<void>): void {
    if (this.signUpHooks.has(name)) throw new Error(`Sign-up hooks named ${name} are added twice.`);
    this.signUpHooks.set(name, hook);
  }

  hasSignUpHooks(): boolean {
    return this.signUpHooks.size > 0;
  }

  async signedUp(account: SignedUp): Promise<void> {
    for (const hook of this.signUpHooks.values()) await hook(account);
  }

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
