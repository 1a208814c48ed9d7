import { createDecipheriv, createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppKeys } from '../../security/app-keys.js';

// Frozen: once released, a migration never changes. Add a new one instead.

interface Tables {
  app_secrets: { name: string; value: string };
  two_factor: { user_id: number; secret_box: string };
  users: { id: number };
  audit_events: { id: number; subject: string };
}

/** The v1 box of docs/decisions/110: its key derived from the `two_factor_key` row of app_secrets. */
function openLegacyBox(stored: string, box: string, userId: number): string {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(stored, 'base64url'), Buffer.alloc(0), 'totp-secret-box v1', 32),
  );
  const [, iv, tag, sealed] = box.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** The v2 box of docs/decisions/156 (server/two-factor/secret-box.ts), under the current app key. */
function sealWithAppKey(keys: AppKeys, plain: string, userId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.derive('totp secret box'), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return ['v2', keys.current.id, ...parts].join('.');
}

const subjectOfUser = (key: Buffer, userId: number) =>
  createHmac('sha256', key).update(`user:${userId}`).digest('base64url');

/**
 * docs/decisions/156: the keys leave the database. TOTP secrets sealed with the stored `two_factor_key` are
 * re-sealed with the app keys (APP_KEYS or the key file); audit events of existing accounts get their subject
 * under the new audit key; then both stored keys are deleted. Events keyed by an address that had no account
 * cannot be re-keyed (the address is not known): they stay, unlinkable by anyone, until swept at 365 days.
 */
export function keysOutsideTheDatabase(keys: AppKeys) {
  return {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as unknown as Kysely<Tables>;
      // Export and erasure look events up by subject.
      await db.schema.createIndex('audit_events_subject').on('audit_events').column('subject').execute();
      const stored = new Map(
        (await db.selectFrom('app_secrets').select(['name', 'value']).execute()).map((row) => [
          row.name,
          row.value,
        ]),
      );
      const totpKey = stored.get('two_factor_key');
      if (totpKey !== undefined) {
        const rows = await db.selectFrom('two_factor').select(['user_id', 'secret_box']).execute();
        for (const row of rows) {
          const plain = openLegacyBox(totpKey, row.secret_box, row.user_id);
          await db
            .updateTable('two_factor')
            .set({ secret_box: sealWithAppKey(keys, plain, row.user_id) })
            .where('user_id', '=', row.user_id)
            .execute();
        }
      }
      const auditKey = stored.get('audit_subject_key');
      if (auditKey !== undefined) {
        const oldKey = Buffer.from(auditKey, 'base64url');
        const newKey = keys.derive('audit subject');
        const users = await db.selectFrom('users').select('id').execute();
        for (const { id } of users) {
          await db
            .updateTable('audit_events')
            .set({ subject: subjectOfUser(newKey, id) })
            .where('subject', '=', subjectOfUser(oldKey, id))
            .execute();
        }
      }
      await db
        .deleteFrom('app_secrets')
        .where('name', 'in', ['two_factor_key', 'audit_subject_key'])
        .execute();
    },
    async down() {
      throw new Error('The keys that left the database are not put back (docs/decisions/156).');
    },
  };
}
