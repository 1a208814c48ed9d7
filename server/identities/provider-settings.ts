import { createPrivateKey } from 'node:crypto';

/** The providers DESIGN 14 knows by id: their issuer, button name, and trust in their verified e-mail. */
const KNOWN = {
  google: { issuer: 'https://accounts.google.com', name: 'Google', formPost: false },
  apple: { issuer: 'https://appleid.apple.com', name: 'Apple', formPost: true },
} as const;
type KnownId = keyof typeof KNOWN;
const isKnown = (id: string): id is KnownId => Object.hasOwn(KNOWN, id);

/** Apple's client secret is an ES256 JWT the app signs with this key (apple-client-secret.ts). */
export interface AppleKey {
  teamId: string;
  keyId: string;
  /** PKCS #8 PEM of a P-256 key, as Apple hands it out (the .p8 file). */
  privateKey: string;
}

export interface ProviderSettings {
  /** The id of OIDC_PROVIDERS, lower-case: the path segment of /auth/:provider/… and the identities' provider. */
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  /** A fixed secret; null when Apple's is made from `appleKey`. */
  clientSecret: string | null;
  appleKey: AppleKey | null;
  /** Whether the provider's verified e-mail may link to an existing account (OIDC_<ID>_TRUST_EMAIL). */
  trustEmail: boolean;
  /** Apple answers with a cross-site POST (response_mode=form_post). */
  formPost: boolean;
}

const SUFFIXES = ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER', 'NAME', 'TRUST_EMAIL'] as const;
const APPLE_KEY_SUFFIXES = ['TEAM_ID', 'KEY_ID', 'PRIVATE_KEY'] as const;

/**
 * The variables of the known providers, for .env.example and CONFIG_VARIABLES; any other id of OIDC_PROVIDERS
 * reads the same OIDC_<ID>_… names.
 */
export const OIDC_VARIABLES = [
  'OIDC_PROVIDERS',
  ...(['GOOGLE', 'APPLE'] as const).flatMap((id) => SUFFIXES.map((suffix) => `OIDC_${id}_${suffix}`)),
  ...APPLE_KEY_SUFFIXES.map((suffix) => `OIDC_APPLE_${suffix}`),
];

const ID_SHAPE = /^[a-z][a-z0-9]{0,31}$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** An https issuer (plain http only on this machine, for tests and development), without a trailing slash. */
function issuerProblem(issuer: string): string | null {
  try {
    const url = new URL(issuer);
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return null;
  } catch {
    // Said below.
  }
  return 'must be an https:// URL (http:// only for localhost)';
}

/** Operators paste the .p8 file's text with its line breaks written as \n: both forms are read. */
const pemOf = (value: string) => value.replaceAll('\\n', '\n').trim();

function appleKeyProblem(pem: string): string | null {
  try {
    const key = createPrivateKey(pem);
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (key.asymmetricKeyType === 'ec' && curve === 'prime256v1') return null;
  } catch {
    // Said below.
  }
  return 'must be the PEM text of the .p8 key Apple gave you (an ES256, P-256 private key)';
}

const BOOLEAN: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

/**
 * Reads OIDC_PROVIDERS and each provider's variables (DESIGN 14). Every problem is one readable line for the
 * start-up error, naming the variable; a provider with a problem is left out of `providers`.
 */
export function readProviderSettings(env: NodeJS.ProcessEnv): {
  providers: ProviderSettings[];
  problems: string[];
} {
  const problems: string[] = [];
  const providers: ProviderSettings[] = [];
  const list = read(env, 'OIDC_PROVIDERS');
  if (!list) return { providers, problems };
  const ids = list
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const seen = new Set<string>();
  for (const id of ids) {
    if (!ID_SHAPE.test(id)) {
      problems.push(
        `OIDC_PROVIDERS names "${id}": an id is a letter, then up to 31 letters or digits (e.g. google, apple, okta)`,
      );
      continue;
    }
    if (seen.has(id)) {
      problems.push(`OIDC_PROVIDERS names "${id}" twice`);
      continue;
    }
    seen.add(id);
    const provider = readProvider(env, id, problems);
    if (provider) providers.push(provider);
  }
  return { providers, problems };
}

function readProvider(env: NodeJS.ProcessEnv, id: string, problems: string[]): ProviderSettings | null {
  const prefix = `OIDC_${id.toUpperCase()}_`;
  const value = (suffix: string) => read(env, prefix + suffix);
  const known = isKnown(id) ? KNOWN[id] : null;
  const before = problems.length;

  const clientId = value('CLIENT_ID');
  if (!clientId) problems.push(`${prefix}CLIENT_ID must be set: the client id the provider gave this app`);

  const issuer = (value('ISSUER') ?? known?.issuer)?.replace(/\/$/, '');
  if (!issuer)
    problems.push(`${prefix}ISSUER must be set for a provider other than google or apple (its issuer URL)`);
  else {
    const problem = issuerProblem(issuer);
    if (problem) problems.push(`${prefix}ISSUER ${problem} (got ${JSON.stringify(issuer)})`);
  }

  const trustText = value('TRUST_EMAIL')?.toLowerCase();
  const trustEmail = trustText === undefined ? known !== null : BOOLEAN[trustText];
  if (trustEmail === undefined)
    problems.push(`${prefix}TRUST_EMAIL must be true or false (got ${JSON.stringify(value('TRUST_EMAIL'))})`);

  const clientSecret = value('CLIENT_SECRET') ?? null;
  let appleKey: AppleKey | null = null;
  const keyParts = APPLE_KEY_SUFFIXES.map((suffix) => value(suffix));
  if (id === 'apple' && keyParts.some(Boolean)) {
    const [teamId, keyId, privateKey] = keyParts;
    APPLE_KEY_SUFFIXES.forEach((suffix, index) => {
      if (!keyParts[index])
        problems.push(`${prefix}${suffix} must be set with the other two of TEAM_ID, KEY_ID and PRIVATE_KEY`);
    });
    if (privateKey) {
      const problem = appleKeyProblem(pemOf(privateKey));
      if (problem) problems.push(`${prefix}PRIVATE_KEY ${problem}`);
    }
    if (teamId && keyId && privateKey) appleKey = { teamId, keyId, privateKey: pemOf(privateKey) };
  }
  if (!clientSecret && !appleKey && !keyParts.some(Boolean))
    problems.push(
      id === 'apple'
        ? `${prefix}CLIENT_SECRET must be set, or OIDC_APPLE_TEAM_ID, OIDC_APPLE_KEY_ID and OIDC_APPLE_PRIVATE_KEY to make it`
        : `${prefix}CLIENT_SECRET must be set: the client secret the provider gave this app`,
    );

  if (problems.length > before || !clientId || !issuer || trustEmail === undefined) return null;
  return {
    id,
    name: value('NAME') ?? known?.name ?? id.charAt(0).toUpperCase() + id.slice(1),
    issuer,
    clientId,
    clientSecret: appleKey ? null : clientSecret,
    appleKey,
    trustEmail,
    formPost: known?.formPost ?? false,
  };
}
