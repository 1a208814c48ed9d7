import type { AppMetrics } from '../metrics/metrics.js';
import type { AccountEvent, SessionKind, SignedOutReason } from '../../contract/cable.js';
import type { SubscriptionJson } from '../../contract/subscriptions.js';
import type { PushBus } from './bus.js';

/** Stream names: every socket of a user listens on the first, each socket also on its own session's. */
export const userStream = (userId: number) => `account:user:${userId}`;
export const sessionStream = (sessionId: number) => `account:session:${sessionId}`;

/** A message on a stream: the event for AccountChannel, and whether the socket must then disconnect. */
export interface AccountBroadcast {
  event: AccountEvent;
  disconnect: boolean;
}

/** What the accounts code calls when something happens to an account; the push channel delivers it. */
export class AccountEvents {
  constructor(
    private readonly bus: PushBus,
    private readonly metrics?: AppMetrics,
  ) {}

  sessionCreated(userId: number, kind: SessionKind) {
    return this.send(userStream(userId), { event: { event: 'session_created', kind }, disconnect: false });
  }

  passwordChanged(userId: number) {
    return this.send(userStream(userId), { event: { event: 'password_changed' }, disconnect: false });
  }

  /** Each revoked session hears `signed_out` and why on its own sockets, which then close. */
  async signedOut(sessionIds: number[], reason: SignedOutReason) {
    await Promise.all(
      sessionIds.map((id) =>
        this.send(sessionStream(id), { event: { event: 'signed_out', reason }, disconnect: true }),
      ),
    );
  }

  /**
   * Sessions revoked from another page (Devices, logout): each hears `signed_out` on its own sockets, which
   * then close; then the user's other pages hear `session_ended` with its public id.
   */
  async sessionsRevoked(
    userId: number,
    sessions: Array<{ id: number; public_id: string }>,
    reason: Extract<SignedOutReason, 'logout' | 'device_sign_out' | 'support_sign_out'>,
  ) {
    await this.signedOut(
      sessions.map((session) => session.id),
      reason,
    );
    await Promise.all(
      sessions.map((session) =>
        this.send(userStream(userId), {
          event: { event: 'session_ended', id: session.public_id },
          disconnect: false,
        }),
      ),
    );
  }

  accountDeleted(userId: number) {
    return this.send(userStream(userId), { event: { event: 'account_deleted' }, disconnect: true });
  }

  emailChanged(userId: number) {
    return this.send(userStream(userId), { event: { event: 'email_changed' }, disconnect: false });
  }

  /** The account's address was confirmed (DESIGN 13): open pages drop the banner. */
  emailVerified(userId: number) {
    return this.send(userStream(userId), { event: { event: 'email_verified' }, disconnect: false });
  }

  /** Two-step sign-in or a passkey was added or removed: open pages reload what they show of it. */
  securityChanged(userId: number) {
    return this.send(userStream(userId), { event: { event: 'security_changed' }, disconnect: false });
  }

  subscriptionChanged(userId: number, subscription: SubscriptionJson) {
    return this.send(userStream(userId), {
      event: { event: 'subscription_changed', subscription },
      disconnect: false,
    });
  }

  private async send(stream: string, broadcast: AccountBroadcast) {
    try {
      await this.bus.publish(stream, broadcast);
      this.metrics?.pushed();
    } catch {
      // A push is a courtesy: a failed broadcast never turns a committed change into an error.
    }
  }
}
