import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import {
  callbackParamsSchema,
  providerListSchema,
  providerParamsSchema,
  startQuerySchema,
} from '../../contract/identities.js';
import { APP_PREFIX } from '../../contract/app.js';
import { errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { notFound } from '../http/errors.js';
import type { IdentitiesContext } from './identities-context.js';
import { linkIdentity, signInWithIdentity } from './identity-sign-in.service.js';
import { checkCallback, FLOW_TTL_MS, startFlow, type FlowRedirect } from './oidc-flow.js';
import type { ProviderSettings } from './provider-settings.js';

/** The flow's cookie: the state of this browser's flow, so only the browser that started it can finish it. */
export const FLOW_COOKIE = `${APP_PREFIX}_oidc`;
const FLOW_COOKIE_PATH = '/auth/';
const tags = ['identities'];

/**
 * GET /api/v1/auth/providers, and the provider flow's two pages: /auth/:provider/start and its callback (GET,
 * or POST for a form_post provider such as Apple). Encapsulated (no fastify-plugin), so the form body parser
 * of the POST callback exists only here.
 */
export function flowRoutes(ctx: IdentitiesContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const { config, providers } = ctx;
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const providerOf = (id: string, method: string, path: string): ProviderSettings => {
      const provider = providers.settingsOf(id);
      if (!provider) throw notFound(method, path);
      return provider;
    };

    /**
     * SameSite=Lax lets the cookie ride the provider's redirect back (a top-level GET). A form_post reply is a
     * cross-site POST, which a Lax cookie does not ride: that provider's cookie is SameSite=None, so Secure
     * (browsers take Secure cookies from http://localhost too). Decision 189.
     */
    const cookieOptions = (provider: ProviderSettings) =>
      ({
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: provider.formPost ? 'none' : 'lax',
        secure: provider.formPost || config.secureCookies,
        maxAge: FLOW_TTL_MS / 1000,
      }) as const;

    const redirect = (reply: FastifyReply, { location }: FlowRedirect) =>
      reply.header('cache-control', 'no-store').redirect(location, 302);

    routes.get(
      API_PATHS.authProviders,
      {
        schema: {
          tags,
          summary: 'The OpenID providers a person can sign in with (DESIGN 14)',
          response: { 200: providerListSchema },
        },
      },
      async () => ({ providers: providers.list() }),
    );

    routes.get(
      API_PATHS.providerStart,
      {
        schema: {
          tags,
          summary: "Starts signing in with (or connecting) a provider: a redirect to the provider's login",
          description:
            'State, nonce and PKCE (S256) for 10 minutes, the state in an HttpOnly cookie; `response_mode=form_post` for Apple. `intent=link` needs a `link_token` from POST /api/v1/identities/link_token. Unknown provider: 404.',
          params: providerParamsSchema,
          querystring: startQuerySchema,
          response: {
            302: z.undefined().describe('To the provider, or to a page with ?error='),
            ...errorReplies({ 404: ['not_found'], ...RATE_LIMITED }),
          },
        },
      },
      async (request, reply) => {
        const provider = providerOf(request.params.provider, 'GET', request.url.split('?')[0]!);
        // Each start keeps a flow for 10 minutes: a bound on what one address can make the server keep.
        await ctx.rateLimiter.check('providerStartsPerIp', addressSubject(request.ip));
        const { return_to: returnTo, intent, link_token: linkToken } = request.query;
        const started = await startFlow(ctx, { provider, returnTo, intent, linkToken });
        if (started.state) reply.setCookie(FLOW_COOKIE, started.state, cookieOptions(provider));
        return redirect(reply, started);
      },
    );

    const callback = async (
      request: {
        params: { provider: string };
        url: string;
        method: string;
        cookies: Record<string, string | undefined>;
        ip: string;
      },
      params: Record<string, unknown>,
      reply: FastifyReply,
    ) => {
      const provider = providerOf(request.params.provider, request.method, request.url.split('?')[0]!);
      const checked = await checkCallback(ctx, {
        provider,
        params,
        cookieState: request.cookies[FLOW_COOKIE],
      });
      reply.clearCookie(FLOW_COOKIE, cookieOptions(provider));
      if (!checked.ok) return redirect(reply, checked.redirect);
      const input = { provider, flow: checked.flow, claims: checked.claims, ip: request.ip || null };
      return redirect(
        reply,
        checked.flow.intent === 'link'
          ? await linkIdentity(ctx, input)
          : await signInWithIdentity(ctx, input),
      );
    };
    const callbackSchema = {
      tags,
      summary: "The provider's reply: checked, then a redirect to the sign-in page with a pending token",
      description:
        'Checks the state against the cookie, exchanges the code with the PKCE verifier, verifies the ID token (signature from the JWKS, issuer, audience, nonce, expiry); then 302 to `/login#auth_token=<pending token>` or `/login?error=oidc_failed|oidc_email_unverified|oidc_account_exists|oidc_cancelled|oidc_unavailable`; for a link, to `/account/security` (`?error=oidc_identity_taken` …).',
      params: providerParamsSchema,
      response: {
        302: z.undefined().describe('To the sign-in page, or the security settings'),
        ...errorReplies({ 404: ['not_found'] }),
      },
    };
    routes.get(
      API_PATHS.providerCallback,
      { schema: { ...callbackSchema, querystring: callbackParamsSchema } },
      async (request, reply) => callback(request, request.query, reply),
    );
    routes.post(
      API_PATHS.providerCallback,
      {
        // A form_post reply is the provider's cross-site POST: it carries no XSRF header, and its state (tied
        // to this browser's HttpOnly cookie) is its proof. Exempt here alone (decision 189).
        config: { xsrfExempt: true },
        schema: { ...callbackSchema, body: callbackParamsSchema },
      },
      async (request, reply) => callback(request, request.body, reply),
    );
  };
}
