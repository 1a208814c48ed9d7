import type { Db } from '../db/database.js';
import type { SecretBox } from './secret-box.js';
import { allSecretBoxes, replaceSecretBox } from './two-factor.repository.js';

/**
 * At start: every box sealed with a key other than the current one is re-sealed with it, so the old key can
 * leave APP_KEYS (docs/operations.md, "Keys"). A box no listed key opens means the keys are not the ones
 * this database was sealed with (a database copied without its key file, a key dropped too soon): the start
 * stops with a sentence rather than turn away every code of those accounts later.
 */
export async function resealUnderCurrentKey(db: Db, box: SecretBox): Promise<number> {
  const rows = await allSecretBoxes(db);
  const unopenable = rows.filter((row) => !box.canOpen(row.secret_box));
  if (unopenable.length > 0)
    throw new Error(
      `${unopenable.length} two-step sign-in secret(s) in the database were sealed with a key that APP_KEYS (or the key file) does not list: start with the keys this database was made with (docs/operations.md, "Keys").`,
    );
  const stale = rows.filter((row) => !box.isCurrent(row.secret_box));
  for (const { user_id: userId, secret_box: from } of stale) {
    const to = box.seal(box.open(from, userId), userId);
    await replaceSecretBox(db, { userId, from, to });
  }
  return stale.length;
}
