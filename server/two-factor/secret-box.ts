import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { getOrCreateSecret } from '../audit/app-secrets.repository.js';

/** The `app_secrets` row the box key is derived from. */
export const TWO_FACTOR_KEY_NAME = 'two_factor_key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals TOTP secrets with AES-256-GCM under a key derived (HKDF-SHA-256) from the app's `two_factor_key`
 * secret. A copy of the two_factor table alone (an export gone astray, a table dumped for debugging)
 * then holds nothing that makes codes. The user id is bound in as associated data, so a box moved to
 * another account's row does not open.
 */
export class SecretBox {
  private key: Buffer | undefined;

  async load(db: Db): Promise<void> {
    const stored = await getOrCreateSecret(db, TWO_FACTOR_KEY_NAME, randomBytes(32).toString('base64url'));
    const derived = hkdfSync(
      'sha256',
      Buffer.from(stored, 'base64url'),
      Buffer.alloc(0),
      'totp-secret-box v1',
      32,
    );
    this.key = Buffer.from(derived);
  }

  seal(plain: string, userId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.loadedKey(), iv);
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join(
      '.',
    );
  }

  open(box: string, userId: number): string {
    const [version, iv, tag, sealed] = box.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined)
      throw new Error('Not a two-factor secret box.');
    const decipher = createDecipheriv('aes-256-gcm', this.loadedKey(), Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  private loadedKey(): Buffer {
    if (!this.key) throw new Error('The two-factor key is not loaded yet.');
    return this.key;
  }
}
