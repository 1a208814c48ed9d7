import type { FastifyBaseLogger } from 'fastify';
import type * as OpenIdClient from 'openid-client';
import { appleClientSecret } from './apple-client-secret.js';
import type { ProviderSettings } from './provider-settings.js';

type Lib = typeof OpenIdClient;
type Configuration = OpenIdClient.Configuration;

/** How long a provider that could not be reached waits before it is asked again. */
export const RETRY_MS = 30_000;
/** Discovery and the token call give up after this, so a stalled provider never holds a request long. */
const TIMEOUT_SECONDS = 10;

/** A provider that cannot be reached now (its discovery failed): the flow answers `oidc_unavailable`. */
export class ProviderUnavailable extends Error {
  constructor(readonly provider: string) {
    super(`The OpenID provider ${provider} cannot be reached.`);
  }
}

interface Entry {
  settings: ProviderSettings;
  configuration: Configuration | null;
  attempt: Promise<Configuration | null> | null;
  lastAttemptAt: number;
  /** The last discovery failed (until one succeeds): the provider shows as unavailable. */
  failed: boolean;
}

/**
 * The configured providers and their discovery documents (DESIGN 14): each is read once, at start, from
 * `<issuer>/.well-known/openid-configuration` and kept (with its JWKS, which openid-client caches and
 * fetches again when a token names a key it does not know). A provider that cannot be reached is shown as
 * unavailable and asked again every 30 s, and when someone tries to use it; it never stops the app.
 * openid-client itself is loaded only here, when a provider is configured (decision 161).
 */
export class OidcProviders {
  private readonly entries = new Map<string, Entry>();
  private lib: Promise<Lib> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    settings: ProviderSettings[],
    private readonly deps: { log: FastifyBaseLogger; now: () => Date },
  ) {
    for (const provider of settings)
      this.entries.set(provider.id, {
        settings: provider,
        configuration: null,
        attempt: null,
        lastAttemptAt: 0,
        failed: false,
      });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Starts discovery of every provider, in the background, and the retries of those that fail. */
  start(): void {
    if (this.entries.size === 0) return;
    for (const entry of this.entries.values()) void this.discover(entry);
    this.timer = setInterval(() => {
      for (const entry of this.entries.values()) if (!entry.configuration) void this.discover(entry);
    }, RETRY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  list(): Array<{ id: string; name: string; available: boolean }> {
    // Before its first discovery has answered, a provider counts as available: its start page waits for it.
    return [...this.entries.values()].map(({ settings, configuration, failed }) => ({
      id: settings.id,
      name: settings.name,
      available: configuration !== null || !failed,
    }));
  }

  settingsOf(id: string): ProviderSettings | null {
    return this.entries.get(id)?.settings ?? null;
  }

  openIdClient(): Promise<Lib> {
    this.lib ??= import('openid-client');
    return this.lib;
  }

  /**
   * The provider's configuration, for one flow: discovered now if it was not yet (unless it just failed),
   * with the app's clock (tests move it) and, for Apple with a key, a client secret made for this exchange.
   */
  async configurationFor(id: string): Promise<{ lib: Lib; configuration: Configuration }> {
    const entry = this.entries.get(id);
    if (!entry) throw new ProviderUnavailable(id);
    // One in flight is awaited; after a failure, a new attempt at most every 2 s (a page reload asks again).
    const discovered =
      entry.configuration ??
      (entry.attempt || Date.now() - entry.lastAttemptAt > 2000 ? await this.discover(entry) : null);
    if (!discovered) throw new ProviderUnavailable(id);
    const lib = await this.openIdClient();
    const { settings } = entry;
    const skew = Math.round((this.deps.now().getTime() - Date.now()) / 1000);
    const configuration = new lib.Configuration(
      discovered.serverMetadata(),
      settings.clientId,
      { [lib.clockSkew]: skew },
      this.clientAuthentication(lib, settings),
    );
    const jwks = lib.getJwksCache(discovered);
    if (jwks) lib.setJwksCache(configuration, jwks);
    configuration.timeout = TIMEOUT_SECONDS;
    // openid-client trusts an ID token from the token endpoint on TLS alone unless told otherwise (OpenID Core
    // 3.1.3.7 allows it); DESIGN 14 checks its signature against the provider's JWKS too.
    lib.enableNonRepudiationChecks(configuration);
    if (new URL(settings.issuer).protocol === 'http:') lib.allowInsecureRequests(configuration);
    return { lib, configuration };
  }

  /** Keeps the keys a flow fetched for the next flows. */
  async rememberKeys(id: string, used: Configuration): Promise<void> {
    const entry = this.entries.get(id);
    const lib = await this.openIdClient();
    const jwks = lib.getJwksCache(used);
    if (entry?.configuration && jwks) lib.setJwksCache(entry.configuration, jwks);
  }

  private clientAuthentication(lib: Lib, settings: ProviderSettings): OpenIdClient.ClientAuth {
    const { appleKey, clientId } = settings;
    if (!appleKey) return lib.ClientSecretPost(settings.clientSecret ?? '');
    // client_secret_post with Apple's JWT, made when the code is exchanged.
    return (server, _client, body) => {
      body.set('client_id', clientId);
      body.set(
        'client_secret',
        appleClientSecret(appleKey, { clientId, audience: server.issuer, now: this.deps.now() }),
      );
    };
  }

  private discover(entry: Entry): Promise<Configuration | null> {
    entry.attempt ??= (async () => {
      entry.lastAttemptAt = Date.now();
      const { settings } = entry;
      try {
        const lib = await this.openIdClient();
        const insecure = new URL(settings.issuer).protocol === 'http:';
        const configuration = await lib.discovery(
          new URL(settings.issuer),
          settings.clientId,
          undefined,
          lib.None(),
          { timeout: TIMEOUT_SECONDS, ...(insecure ? { execute: [lib.allowInsecureRequests] } : {}) },
        );
        entry.configuration = configuration;
        entry.failed = false;
        return configuration;
      } catch (error) {
        entry.failed = true;
        this.deps.log.warn(
          { err: error, provider: settings.id },
          `OpenID provider ${settings.name} cannot be reached at ${settings.issuer}; retried every ${RETRY_MS / 1000} s`,
        );
        return null;
      } finally {
        entry.attempt = null;
      }
    })();
    return entry.attempt;
  }
}
