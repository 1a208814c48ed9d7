import type { FastifyRequest } from 'fastify';
import { FRESH_AUTHENTICATION_MS } from '../../contract/reauthentication.js';
import type { SessionKind } from '../../contract/cable.js';
import type { AuditEventName, AuditTrail } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import type { AppError } from '../http/app-error.js';
import { reauthenticationRequired } from '../http/errors.js';
import { lastReauthentication, recordReauthentication } from './reauthentications.repository.js';
import { requireUser } from './request-user.js';
import type { Authenticated } from './sessions.service.js';

/** A way to prove again that the session's owner is at the keyboard: a password, a passkey, a mailed code. */
export interface FreshProof<B extends object = object> {
  accepts(body: object): body is B;
  /** Whether the body proves the owner of this session (counted toward the account's throttle). */
  verify(auth: Authenticated, body: B): Promise<boolean>;
  /** The reply to a proof that did not hold. */
  wrong(): AppError;
}

/** What a guarded call may carry itself (e-mail change, two-step set-up: `{"password"}` in the body). */
export interface GuardOptions {
  proof?: object;
  /**
   * The call's own sentence for a wrong password (a wrong mailed code or passkey keeps the proof's own), and
   * the audit event a wrong proof records.
   */
  wrong?: () => AppError;
  failedEvent?: AuditEventName;
}

/**
 * Sessions that began with a proof of the owner count as fresh for their first minutes: a password
 * sign-in (the code step's too), a sign-up (the password was just chosen), a passkey, which DESIGN 11
 * counts as both factors, a mailed code (DESIGN 7 names it among the proofs) and a provider's sign-in
 * (DESIGN 14: the provider authenticated the person moments before). A QR session proves only that someone
 * held the code.
 */
const PROVED_AT_START: ReadonlySet<SessionKind> = new Set([
  'password',
  'signup',
  'passkey',
  'email_code',
  'oidc',
]);

/**
 * The one fresh-authentication guard (DESIGN 7, "Fresh authentication for what adds a way in"): every call
 * that adds a way into the account (a passkey, two-step sign-in, a new e-mail address, later a connected
 * identity) declares it, and passes only with a proof from the last 5 minutes of that very session. The
 * proofs are an extension point: the password is built in, passkeys/ adds the passkey assertion, and the
 * mailed code of DESIGN 13 will be one more `addProof`.
 */
export class FreshAuthentication {
  private readonly proofs = new Map<string, FreshProof>();

  constructor(private readonly deps: { db: Db; audit: AuditTrail; now: () => Date }) {}

  addProof<B extends object>(name: string, proof: FreshProof<B>): void {
    if (this.proofs.has(name)) throw new Error(`The proof ${name} is added twice.`);
    this.proofs.set(name, proof as unknown as FreshProof);
  }

  /** Whether this session proved its owner within the last 5 minutes. */
  async isFresh({ session }: Authenticated): Promise<boolean> {
    const since = this.deps.now().getTime() - FRESH_AUTHENTICATION_MS;
    if (PROVED_AT_START.has(session.kind) && Date.parse(session.created_at) > since) return true;
    const proved = await lastReauthentication(this.deps.db, session.id);
    return proved !== null && Date.parse(proved) > since;
  }

  /**
   * A confirming call's `{"code"}` (DESIGN 13), in place of its password: the mailed code proves the owner,
   * and the session is then fresh too. A wrong one: 403 `invalid_code`, recorded as `failedEvent`.
   */
  async proveWithCode(
    auth: Authenticated,
    code: string,
    options: Omit<GuardOptions, 'proof' | 'wrong'> & { ip: string | null },
  ): Promise<void> {
    await this.prove(auth, { code }, options);
  }

  /**
   * Checks a proof and, when it holds, makes the session fresh for 5 minutes; a proof that does not hold
   * is recorded and answered with the proof's (or the call's) reply.
   */
  async prove(
    auth: Authenticated,
    body: object,
    {
      ip,
      wrong,
      failedEvent = 'reauthentication_failed',
    }: Omit<GuardOptions, 'proof'> & { ip: string | null },
  ): Promise<void> {
    const { db, audit, now } = this.deps;
    const subject = { userId: auth.user.id };
    for (const [method, proof] of this.proofs) {
      if (!proof.accepts(body)) continue;
      if (!(await proof.verify(auth, body))) {
        await audit.record(db, { event: failedEvent, subject, ip });
        throw (method === 'password' && wrong ? wrong : proof.wrong)();
      }
      const at = now().toISOString();
      await recordReauthentication(db, { sessionId: auth.session.id, method, at });
      return;
    }
    throw reauthenticationRequired();
  }

  /**
   * The guard: the signed-in caller, when its session is fresh or the call carries a proof that holds;
   * otherwise 403 `reauthentication_required`, which the web answers by asking for the password.
   */
  async require(request: FastifyRequest, { proof, ...options }: GuardOptions = {}): Promise<Authenticated> {
    const auth = await requireUser(request);
    if (proof) await this.prove(auth, proof, { ip: request.ip || null, ...options });
    else if (!(await this.isFresh(auth))) throw reauthenticationRequired();
    return auth;
  }
}
