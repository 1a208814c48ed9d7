import type { IdentitiesContext } from './identities-context.js';
import { hashToken, sameHash } from '../sessions/session-token.js';
import { findSessionById } from '../sessions/sessions.repository.js';
import { insertFlow, takeFlow, takeLinkToken, type FlowRow } from './flows.repository.js';
import { ProviderUnavailable } from './providers.js';
import type { ProviderSettings } from './provider-settings.js';
import { safeReturnPath } from './return-path.js';

/** DESIGN 14: the state lives 10 minutes. */
export const FLOW_TTL_MS = 10 * 60_000;

export const SIGN_IN_PAGE = '/login';
export const SECURITY_PAGE = '/account/security';

/** Where the flow sends the browser: the provider, the page with a pending token, or a page with `?error=`. */
export type FlowRedirect = { location: string; state?: string };

const scopeOf = (provider: ProviderSettings) =>
  provider.id === 'apple' ? 'openid email name' : 'openid email profile';

export const callbackUrl = (ctx: IdentitiesContext, provider: string) =>
  `${ctx.config.publicUrl}/auth/${provider}/callback`;

export function errorRedirect(page: string, code: string, provider: string): FlowRedirect {
  return { location: `${page}?error=${code}&provider=${encodeURIComponent(provider)}` };
}

/**
 * GET /auth/:provider/start: a new flow (state, nonce, PKCE verifier, kept server-side for 10 minutes), and the
 * provider's authorization URL with them; `form_post` for Apple. A link flow first spends its link token.
 */
export async function startFlow(
  ctx: IdentitiesContext,
  {
    provider,
    returnTo,
    intent,
    linkToken,
  }: { provider: ProviderSettings; returnTo?: string; intent: 'sign_in' | 'link'; linkToken?: string },
): Promise<FlowRedirect> {
  const { db, now, providers, config } = ctx;
  const page = intent === 'link' ? SECURITY_PAGE : SIGN_IN_PAGE;
  let userId: number | null = null;
  if (intent === 'link') {
    const token = linkToken
      ? await takeLinkToken(db, { tokenHash: hashToken(linkToken), now: now().toISOString() })
      : null;
    // The session that asked for the token must still be signed in: a sign-out or recovery ends the link too.
    const session = token ? await findSessionById(db, token.session_id) : null;
    if (!token || !session || session.pending) return errorRedirect(page, 'oidc_link_expired', provider.id);
    userId = token.user_id;
  }
  let client;
  try {
    client = await providers.configurationFor(provider.id);
  } catch (error) {
    if (error instanceof ProviderUnavailable) return errorRedirect(page, 'oidc_unavailable', provider.id);
    throw error;
  }
  const { lib, configuration } = client;
  const state = lib.randomState();
  const nonce = lib.randomNonce();
  const verifier = lib.randomPKCECodeVerifier();
  await insertFlow(db, {
    state_hash: hashToken(state),
    provider: provider.id,
    nonce,
    code_verifier: verifier,
    return_to: safeReturnPath(returnTo, {
      publicUrl: config.publicUrl,
      fallback: intent === 'link' ? SECURITY_PAGE : '/account',
    }),
    intent,
    user_id: userId,
    expires_at: new Date(now().getTime() + FLOW_TTL_MS).toISOString(),
  });
  const url = lib.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(ctx, provider.id),
    scope: scopeOf(provider),
    state,
    nonce,
    code_challenge: await lib.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(provider.formPost ? { response_mode: 'form_post' } : {}),
  });
  return { location: url.href, state };
}

/** What the provider said of the person, once its reply and ID token were checked. */
export interface ProviderClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export type CallbackResult =
  { ok: true; flow: FlowRow; claims: ProviderClaims } | { ok: false; redirect: FlowRedirect };

/**
 * The callback's checks: the state of the reply is the one of this browser's cookie and of a live flow
 * (single use: a replayed reply finds none); then openid-client exchanges the code with the PKCE verifier
 * and verifies the ID token (signature from the provider's JWKS, issuer, audience, nonce, expiry).
 */
export async function checkCallback(
  ctx: IdentitiesContext,
  {
    provider,
    params,
    cookieState,
  }: { provider: ProviderSettings; params: Record<string, unknown>; cookieState: string | undefined },
): Promise<CallbackResult> {
  const { db, now, providers, log } = ctx;
  const fail = (page: string, code: string): CallbackResult => ({
    ok: false,
    redirect: errorRedirect(page, code, provider.id),
  });
  const state = typeof params.state === 'string' ? params.state : '';
  if (!state || !cookieState || !sameHash(hashToken(state), hashToken(cookieState))) {
    log.warn({ provider: provider.id }, 'OpenID callback without the state of its cookie');
    return fail(SIGN_IN_PAGE, 'oidc_failed');
  }
  const flow = await takeFlow(db, { stateHash: hashToken(state), now: now().toISOString() });
  if (!flow || flow.provider !== provider.id) return fail(SIGN_IN_PAGE, 'oidc_failed');
  const page = flow.intent === 'link' ? SECURITY_PAGE : SIGN_IN_PAGE;
  if (typeof params.error === 'string')
    return fail(page, params.error === 'access_denied' ? 'oidc_cancelled' : 'oidc_failed');
  let client;
  try {
    client = await providers.configurationFor(provider.id);
  } catch (error) {
    if (error instanceof ProviderUnavailable) return fail(page, 'oidc_unavailable');
    throw error;
  }
  const { lib, configuration } = client;
  const redirectUri = callbackUrl(ctx, provider.id);
  const reply = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') reply.set(key, value);
  const current = provider.formPost
    ? new Request(redirectUri, { method: 'POST', body: reply })
    : new URL(`${redirectUri}?${reply.toString()}`);
  try {
    const tokens = await lib.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    await providers.rememberKeys(provider.id, configuration);
    const claims = tokens.claims();
    if (!claims) return fail(page, 'oidc_failed');
    const email = typeof claims.email === 'string' ? claims.email : null;
    // Apple says "true" as a string; Google a boolean.
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      ok: true,
      flow,
      claims: { subject: claims.sub, email, emailVerified: email !== null && verified },
    };
  } catch (error) {
    log.warn(
      { err: error, provider: provider.id },
      'OpenID callback refused: the reply or its ID token did not hold',
    );
    return fail(page, 'oidc_failed');
  }
}
