import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteDeadFlows, deleteLinkTokensOf } from './flows.repository.js';
import { flowRoutes } from './flow.routes.js';
import type { IdentitiesContext } from './identities-context.js';
import { identitiesRoutes } from './identities.routes.js';
import { deleteIdentitiesOf, identitiesOf } from './identities.repository.js';
import { OidcProviders } from './providers.js';

/**
 * Sign in with Google, Apple or any OpenID provider (DESIGN 14): the providers of OIDC_PROVIDERS (discovered
 * in the background, never stopping the app), the flow's pages, the account's connected identities, their
 * sweep, and their line on the support console's person page.
 */
async function identities(app: FastifyInstance) {
  const providers = new OidcProviders(app.ctx.config.oidcProviders, { log: app.ctx.log, now: app.ctx.now });
  const ctx: IdentitiesContext = { ...app.ctx, providers, recovery: app.accountRecovery };
  app.decorate('oidcProviders', providers);
  providers.start();
  app.addHook('onClose', async () => providers.stop());
  app.housekeeping.add('provider flows', deleteDeadFlows);
  // DESIGN 7: a reset that confirms a never-confirmed address disconnects what was connected before it (by
  // construction there is none: an unconfirmed address is never linked; kept so it holds whatever changes).
  app.accountRecovery.add(
    'identities of an unconfirmed address',
    async (tx, { userId, firstVerification }) => {
      if (!firstVerification) return;
      await deleteLinkTokensOf(tx, userId);
      if ((await deleteIdentitiesOf(tx, userId)) === 0) return;
      return {
        notice:
          'Every connected account (Google, Apple …) was disconnected too: it was connected before your e-mail address was confirmed.',
        afterCommit: () => app.ctx.events.securityChanged(userId),
      };
    },
  );
  app.supportDesk.addDetail('identities', async (userId) =>
    (await identitiesOf(app.ctx.db, userId)).map(({ id, provider, email, created_at, last_used_at }) => ({
      id,
      provider,
      email,
      created_at,
      last_used_at,
    })),
  );
  await app.register(flowRoutes(ctx));
  await app.register(identitiesRoutes(ctx));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured OpenID providers (tests wait for their discovery). */
    oidcProviders: OidcProviders;
  }
}

export default fp(identities, {
  name: 'identities',
  dependencies: [
    'app-context',
    'housekeeping',
    'request-user',
    'account-extensions',
    'fresh-authentication',
    'support-desk',
  ],
});
