import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';

/** Each key is 32 random bytes, written in base64 or base64url (`openssl rand -base64 32`). */
export const APP_KEY_BYTES = 32;

export const APP_KEYS_HINT =
  'must be a comma-separated list of keys, each 32 random bytes in base64 (openssl rand -base64 32)';

export interface AppKey {
  /** A short name of the key, kept beside what it sealed; it tells nothing about the key itself. */
  id: string;
  secret: Buffer;
}

/** The keys of a setting or key file (commas or line breaks between them); null when one is not a key. */
export function parseAppKeys(text: string): Buffer[] | null {
  const entries = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const secrets = entries.map((entry) =>
    /^[A-Za-z0-9+/_-]+={0,2}$/.test(entry) ? Buffer.from(entry, 'base64') : null,
  );
  return secrets.every((secret) => secret !== null && secret.length === APP_KEY_BYTES)
    ? (secrets as Buffer[])
    : null;
}

export const newAppKeyText = () => randomBytes(APP_KEY_BYTES).toString('base64url');

/**
 * The keys that seal two-step secrets and key audit subjects. They come from outside the database (APP_KEYS,
 * or the key file beside an SQLite file), so a copy of the database alone opens nothing
 * (docs/decisions/156). The first key seals and keys; every key listed opens, so a key can be rotated.
 */
export class AppKeys {
  readonly all: readonly AppKey[];

  constructor(secrets: readonly Buffer[]) {
    if (secrets.length === 0) throw new Error('At least one app key is needed.');
    this.all = secrets.map((secret) => ({
      id: createHmac('sha256', secret).update('bullapp app key id').digest('base64url').slice(0, 10),
      secret,
    }));
  }

  get current(): AppKey {
    return this.all[0]!;
  }

  byId(id: string): AppKey | undefined {
    return this.all.find((key) => key.id === id);
  }

  /** A key for one purpose (HKDF-SHA-256), so no two uses ever share key material. */
  derive(purpose: string, key: AppKey = this.current): Buffer {
    return Buffer.from(hkdfSync('sha256', key.secret, Buffer.alloc(0), `bullapp ${purpose}`, 32));
  }
}

export interface AppKeysSource {
  /** APP_KEYS, validated by the configuration. */
  appKeys: string | undefined;
  /** `<SQLite file>.keys`; null on PostgreSQL and for an in-memory SQLite database. */
  appKeysFile: string | null;
}

/**
 * APP_KEYS when set; otherwise the key file beside the SQLite database, made (mode 0600, one new key) on the
 * first start; for an in-memory database, a key that lives as long as the database does.
 */
export function loadAppKeys({ appKeys, appKeysFile }: AppKeysSource): AppKeys {
  if (appKeys !== undefined) {
    const secrets = parseAppKeys(appKeys);
    if (!secrets) throw new Error(`APP_KEYS ${APP_KEYS_HINT}.`);
    return new AppKeys(secrets);
  }
  if (appKeysFile === null) return new AppKeys([randomBytes(APP_KEY_BYTES)]);
  createKeyFile(appKeysFile);
  const mode = statSync(appKeysFile).mode & 0o777;
  if ((mode & 0o077) !== 0)
    throw new Error(
      `The key file ${appKeysFile} can be read by other users (mode ${mode.toString(8)}): run chmod 600 ${appKeysFile}.`,
    );
  const secrets = parseAppKeys(readFileSync(appKeysFile, 'utf8'));
  if (!secrets)
    throw new Error(`The key file ${appKeysFile} holds no keys: each line ${APP_KEYS_HINT.slice(5)}.`);
  return new AppKeys(secrets);
}

/**
 * Writes a new key file unless one is there. Written aside and linked into place, so an instance starting at
 * the same moment reads either no file or a whole one, and the first link wins.
 */
function createKeyFile(path: string) {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${newAppKeyText()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
}
