import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { DatabaseHandle, Dialect } from './database.js';
import { initialSchema } from './migrations/2026-11-21-initial-schema.js';
import { subscriptionsSchema } from './migrations/2026-11-22-subscriptions.js';
import { emailChangesSchema } from './migrations/2026-11-22-email-changes.js';
import { passkeysSchema } from './migrations/2026-11-22-passkeys.js';
import { sessionPublicIdsSchema } from './migrations/2026-11-22-session-public-ids.js';
import { twoFactorSchema } from './migrations/2026-11-23-two-factor.js';
import { subscriptionCreateLocksSchema } from './migrations/2026-11-26-subscription-create-locks.js';
import { webhookTransmissionsSchema } from './migrations/2026-11-26-webhook-transmissions.js';
import { recoveryAndFreshAuthenticationSchema } from './migrations/2026-11-26-recovery-and-fresh-authentication.js';
import { keysOutsideTheDatabase } from './migrations/2026-11-26-keys-outside-the-database.js';
import { supportConsoleSchema } from './migrations/2026-11-27-support-console.js';
import { emailVerificationSchema } from './migrations/2026-11-28-email-verification.js';
import { identitiesSchema } from './migrations/2026-11-30-identities.js';
import { billingSchema } from './migrations/2026-12-01-billing.js';
import type { AppKeys } from '../security/app-keys.js';

/** Listed explicitly (never read from a folder) so a build can't pick up or miss files by accident. */
export function migrationsFor(dialect: Dialect, { keys }: { keys: AppKeys }): Record<string, Migration> {
  return {
    '2026-11-21-initial-schema': initialSchema(dialect),
    '2026-11-22-subscriptions': subscriptionsSchema(dialect),
    '2026-11-22-email-changes': emailChangesSchema(dialect),
    '2026-11-22-passkeys': passkeysSchema(dialect),
    '2026-11-22-session-public-ids': sessionPublicIdsSchema(dialect),
    '2026-11-23-two-factor': twoFactorSchema(dialect),
    '2026-11-26-subscription-create-locks': subscriptionCreateLocksSchema(dialect),
    '2026-11-26-webhook-transmissions': webhookTransmissionsSchema(dialect),
    '2026-11-26-recovery-and-fresh-authentication': recoveryAndFreshAuthenticationSchema(dialect),
    // Re-seals what the keys kept in the database sealed: it needs the app keys (docs/decisions/156).
    '2026-11-26-keys-outside-the-database': keysOutsideTheDatabase(keys),
    '2026-11-27-support-console': supportConsoleSchema(dialect),
    '2026-11-28-email-verification': emailVerificationSchema(dialect),
    '2026-11-30-identities': identitiesSchema(dialect),
    '2026-12-01-billing': billingSchema(dialect),
  };
}

class StaticMigrationProvider implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly keys: AppKeys,
  ) {}
  async getMigrations() {
    return migrationsFor(this.dialect, { keys: this.keys });
  }
}

export async function migrateToLatest(
  { db, dialect }: DatabaseHandle,
  { keys }: { keys: AppKeys },
): Promise<string[]> {
  // On PostgreSQL the introspector sees the connection's own schema only (current-schema-introspector.ts),
  // so the migrator's bookkeeping tables are found there, never another schema's.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(dialect, keys) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
