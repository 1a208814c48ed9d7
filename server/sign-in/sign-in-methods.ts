import type { AppMetrics } from '../metrics/metrics.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import type { TwoFactorRequired } from '../../contract/two-factor.js';
import type { LoginBody, LoginReply } from '../../contract/users.js';
import type { Caller } from '../http/caller.js';
import { invalidRequest } from '../http/errors.js';
import type { Account } from '../users/account.js';

/** One form of the login call's `session`: e-mail and password, a stored token, a passkey, a code step … */
export type LoginSession = LoginBody['session'];

/** The request a sign-in method answers: for rate limits and device cookies, and who is signing in. */
export interface SignInAttempt {
  request: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
}

/** A way to sign in, added by the feature that owns it: the forms it takes and what it answers. */
export interface SignInMethod<S extends LoginSession = LoginSession> {
  accepts(session: LoginSession): session is S;
  signIn(session: S, attempt: SignInAttempt): Promise<LoginReply>;
}

/**
 * The first factors a second step may follow; the session it starts is of that kind (`oidc`: a provider's
 * sign-in, DESIGN 14).
 */
export type FirstFactor = 'password' | 'email_code' | 'oidc';

/** A step after a first factor that asks for more (two-step sign-in): its challenge, or null to pass. */
export interface SecondStep {
  challengeFor(user: Account, firstFactor: FirstFactor): Promise<TwoFactorRequired | null>;
}

/**
 * The extension point of sign-in (better-auth's plugins): each feature adds its methods and second steps,
 * and POST /api/v1/login is one loop over them. Nothing here knows which features exist.
 */
export class SignInMethods {
  constructor(private readonly metrics?: AppMetrics) {}

  private readonly methods = new Map<string, SignInMethod>();
  private readonly secondSteps = new Map<string, SecondStep>();

  addMethod<S extends LoginSession>(name: string, method: SignInMethod<S>): void {
    if (this.methods.has(name)) throw new Error(`The sign-in method ${name} is added twice.`);
    this.methods.set(name, method as unknown as SignInMethod);
  }

  addSecondStep(name: string, step: SecondStep): void {
    if (this.secondSteps.has(name)) throw new Error(`The second step ${name} is added twice.`);
    this.secondSteps.set(name, step);
  }

  names(): string[] {
    return [...this.methods.keys()];
  }

  /** Signs in by the method that takes this form; a form no method of this app takes is a 400. */
  async signIn(session: LoginSession, attempt: SignInAttempt): Promise<LoginReply> {
    for (const [name, method] of this.methods) {
      if (!method.accepts(session)) continue;
      try {
        const reply = await method.signIn(session, attempt);
        this.metrics?.signIn(name, 'two_factor_required' in reply ? 'second_step' : 'ok');
        return reply;
      } catch (error) {
        this.metrics?.signIn(name, 'failed');
        throw error;
      }
    }
    throw invalidRequest(ERROR_VARIANTS.signInMethodUnavailable);
  }

  /** After a first factor: the first second step that asks for more, or null when the factor is enough. */
  async secondStepFor(user: Account, firstFactor: FirstFactor): Promise<TwoFactorRequired | null> {
    for (const step of this.secondSteps.values()) {
      const challenge = await step.challengeFor(user, firstFactor);
      if (challenge) return challenge;
    }
    return null;
  }
}
