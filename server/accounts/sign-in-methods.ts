import type { FastifyInstance } from 'fastify';
import type { LoginSession, SignInMethod } from '../sign-in/sign-in-methods.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { normaliseEmail } from '../users/email-address.js';
import { signInWithPassword, signInWithStoredToken } from './sign-in.service.js';

type PasswordSession = Extract<LoginSession, { password: string }>;
type TokenSession = Extract<LoginSession, { auth_token: string }>;

/** E-mail and password: throttled per address and per account, then any second step features added. */
export function passwordMethod(app: FastifyInstance): SignInMethod<PasswordSession> {
  const { ctx, deviceCookies, signInMethods } = app;
  return {
    accepts: (session): session is PasswordSession => 'password' in session,
    async signIn(session, { request, reply, caller }) {
      await ctx.rateLimiter.check('signInPerIp', addressSubject(request.ip));
      // Per account whatever the IP, so spreading guesses over many addresses does not help; a browser
      // that signed in to the account before is exempt, so those guesses cannot lock its owner out.
      if (!(await deviceCookies.recognises(request, session.email)))
        await ctx.rateLimiter.check('signInPerAccount', normaliseEmail(session.email));
      const device = deviceCookies.forBrowser(request);
      const signedIn = await signInWithPassword(ctx, {
        email: session.email,
        password: session.password,
        caller,
        secondSteps: signInMethods,
        // The browser is remembered only once a second step is passed too: with no second step, in the
        // session's own transaction.
        alsoWrite: (tx, userId) => device.record(tx, userId),
      });
      if ('two_factor_required' in signedIn) return signedIn;
      device.setOn(reply);
      return signedIn;
    },
  };
}

/** A stored token (the same token back), or a QR code's pending token exchanged once for a new one. */
export function tokenMethod(app: FastifyInstance): SignInMethod<TokenSession> {
  return {
    accepts: (session): session is TokenSession => 'auth_token' in session,
    signIn: (session, { caller }) =>
      signInWithStoredToken(app.ctx, {
        token: session.auth_token,
        qrOnly: session.qr === true,
        caller,
        secondSteps: app.signInMethods,
      }),
  };
}
