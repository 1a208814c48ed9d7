import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppKey, AppKeys } from '../security/app-keys.js';

const VERSION = 'v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The HKDF purpose of the box key; the migration that re-sealed the first boxes names it too. */
export const BOX_KEY_PURPOSE = 'totp secret box';

/**
 * Seals TOTP secrets with AES-256-GCM under a key derived (HKDF-SHA-256) from the app keys, which live
 * outside the database (docs/decisions/156): a copy of the database alone, a backup or a dumped table, holds
 * nothing that makes codes. A box names the key that sealed it (`v2.<key id>.<iv>.<tag>.<data>`), so after a
 * rotation it still opens while its key is listed, and `isCurrent` tells which boxes to re-seal. The user id
 * is bound in as associated data, so a box moved to another account's row does not open.
 */
export class SecretBox {
  private readonly boxKeys = new Map<string, Buffer>();
  private readonly sealingKey: AppKey;

  constructor(keys: AppKeys) {
    for (const key of keys.all) this.boxKeys.set(key.id, keys.derive(BOX_KEY_PURPOSE, key));
    this.sealingKey = keys.current;
  }

  seal(plain: string, userId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.boxKeys.get(this.sealingKey.id)!, iv);
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [VERSION, this.sealingKey.id, ...parts].join('.');
  }

  open(box: string, userId: number): string {
    const [version, keyId, iv, tag, sealed] = box.split('.');
    if (version !== VERSION || !keyId || !iv || !tag || sealed === undefined)
      throw new Error('Not a two-factor secret box.');
    const key = this.boxKeys.get(keyId);
    if (!key) throw new Error(`A two-factor secret box sealed with a key that is not listed (${keyId}).`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether the box was sealed with the current key; after a rotation the others are re-sealed. */
  isCurrent(box: string): boolean {
    return box.split('.')[1] === this.sealingKey.id;
  }

  /** Whether some listed key sealed the box (a box of a key no longer listed cannot be opened). */
  canOpen(box: string): boolean {
    return this.boxKeys.has(box.split('.')[1] ?? '');
  }
}
