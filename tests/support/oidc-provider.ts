// A real OpenID provider for the tests (issue #29: no test fakes a provider's reply by hand): panva's
// oidc-provider on a loopback port, with its development login pages, configured as a "Google" (code + PKCE,
// client_secret_post) or an "Apple" (the same, answering with response_mode=form_post). What the tests control
// is what a real provider's operator would: the accounts' e-mail and whether it is verified, how long ID
// tokens live, and (for the "signed by another key" case) a second instance of the same issuer, with a key
// of its own, that answers the token endpoint.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no types; its documented API is all the tests use.
// @ts-expect-error -- no declaration file
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string | null;
  /** Apple sends "true"/"false" as strings; Google booleans. */
  email_verified: boolean | string;
  name?: string;
}

export interface TestProviderOptions {
  /** google: answers the callback with a redirect (GET); apple: with a form_post page. */
  kind: 'google' | 'apple';
  /** The app's origin: its callback is `<appUrl>/auth/<id>/callback`. */
  appUrl: string;
  /** The id the app gives the provider in OIDC_PROVIDERS (the callback's path segment); the kind by default. */
  id?: string;
  port?: number;
  host?: string;
  /** Fixed when another process (the app of the browser tests) is given it too; random by default. */
  clientSecret?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's environment for this provider (OIDC_<ID>_…). */
  env: Record<string, string>;
  /** Sets what the provider says of the person who signs in with this login. */
  setAccount(login: string, account: ProviderAccount): void;
  /** How long ID tokens live, in seconds (600 unless set). */
  setIdTokenTtl(seconds: number): void;
  /** While on, codes are exchanged by an instance of the same issuer that signs with a key the JWKS lacks. */
  signWithOtherKey(on: boolean): void;
  close(): Promise<void>;
}

function rsaJwk() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig' };
}

type Stored = Record<string, unknown> & {
  uid?: string;
  userCode?: string;
  grantId?: string;
  consumed?: number;
};

/**
 * oidc-provider's documented adapter interface over one Map, so the issuer's two instances (its own key and
 * another) see the same codes, grants and sessions, as instances of one provider behind a balancer do.
 */
function sharedAdapter() {
  const rows = new Map<string, { payload: Stored; expiresAt: number | null }>();
  const live = (key: string) => {
    const row = rows.get(key);
    if (row?.expiresAt && row.expiresAt < Date.now()) rows.delete(key);
    return rows.get(key)?.payload;
  };
  return class SharedAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Stored, expiresIn?: number) {
      rows.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key] of rows)
        if (key.startsWith(`${this.model}:`) && live(key)?.uid === uid) return live(key);
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key] of rows)
        if (key.startsWith(`${this.model}:`) && live(key)?.userCode === userCode) return live(key);
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      rows.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, row] of rows) if (row.payload.grantId === grantId) rows.delete(key);
    }
  };
}

interface Controls {
  accounts: Map<string, ProviderAccount>;
  idTokenTtl: number;
  otherKey: boolean;
}

function providerFor(
  issuer: string,
  {
    kind,
    redirectUri,
    clientId,
    clientSecret,
    controls,
    jwk,
    cookieKey,
    adapter,
  }: {
    kind: 'google' | 'apple';
    redirectUri: string;
    clientId: string;
    clientSecret: string;
    controls: Controls;
    jwk: object;
    cookieKey: string;
    adapter: ReturnType<typeof sharedAdapter>;
  },
) {
  const provider = new Provider(issuer, {
    adapter,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = controls.accounts.get(sub) ?? { email: `${sub}@example.com`, email_verified: true };
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            ...(account.email === null
              ? {}
              : { email: account.email, email_verified: account.email_verified }),
            ...(account.name ? { name: account.name } : {}),
          };
        },
      };
    },
    // Google and Apple put the e-mail in the ID token itself, as the app reads it.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', ...(kind === 'apple' ? ['name'] : [])],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    jwks: { keys: [jwk] },
    cookies: { keys: [cookieKey] },
    ttl: {
      IdToken: () => controls.idTokenTtl,
      AccessToken: 600,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    // The person consents by signing in: no second page (the dev login page is the one the tests drive).
    async loadExistingGrant(ctx: {
      oidc: {
        provider: {
          Grant: new (
            init: object,
          ) => { addOIDCScope(scope: string): void; save(): Promise<string> } & object;
        };
        client: { clientId: string };
        session: { accountId: string };
        params: { scope: string };
      };
    }) {
      const { provider: oidc, client, session, params } = ctx.oidc;
      const grant = new oidc.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(params.scope);
      await grant.save();
      return grant;
    },
  });
  return provider as { callback(): (req: IncomingMessage, res: ServerResponse) => void };
}

export async function startTestProvider({
  kind,
  appUrl,
  id = kind,
  port = 0,
  host = '127.0.0.1',
  clientSecret: fixedSecret,
}: TestProviderOptions): Promise<TestProvider> {
  const controls: Controls = { accounts: new Map(), idTokenTtl: 600, otherKey: false };
  const clientId = `${id}-client`;
  const clientSecret = fixedSecret ?? `${id}-secret-${randomBytes(8).toString('hex')}`;
  let dispatch: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const server: Server = createServer((req, res) => dispatch(req, res));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const shared = {
    kind,
    redirectUri: `${appUrl}/auth/${id}/callback`,
    clientId,
    clientSecret,
    controls,
    cookieKey: randomBytes(16).toString('hex'),
    adapter: sharedAdapter(),
  };
  const main = providerFor(issuer, { ...shared, jwk: rsaJwk() }).callback();
  // The same issuer with a key of its own: the codes are shared (one adapter), its tokens are signed by a key
  // that the issuer's JWKS does not publish.
  const other = providerFor(issuer, { ...shared, jwk: rsaJwk() }).callback();
  dispatch = (req, res) => {
    if (req.url?.startsWith('/test/')) return control(req, res, controls);
    if (controls.otherKey && req.url?.startsWith('/token')) return other(req, res);
    return main(req, res);
  };
  const upper = id.toUpperCase();
  return {
    issuer,
    clientId,
    clientSecret,
    env: {
      [`OIDC_${upper}_CLIENT_ID`]: clientId,
      [`OIDC_${upper}_CLIENT_SECRET`]: clientSecret,
      [`OIDC_${upper}_ISSUER`]: issuer,
    },
    setAccount: (login, account) => void controls.accounts.set(login, account),
    setIdTokenTtl: (seconds) => void (controls.idTokenTtl = seconds),
    signWithOtherKey: (on) => void (controls.otherKey = on),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** POST /test/accounts `{"login","email","email_verified"}`: the browser tests' control, from another process. */
function control(req: IncomingMessage, res: ServerResponse, controls: Controls) {
  if (req.method === 'GET' && req.url === '/test/ready') return res.end('ready');
  if (req.method !== 'POST' || req.url !== '/test/accounts') {
    res.statusCode = 404;
    return res.end();
  }
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const { login, ...account } = JSON.parse(body) as ProviderAccount & { login: string };
    controls.accounts.set(login, account);
    res.statusCode = 204;
    res.end();
  });
}
