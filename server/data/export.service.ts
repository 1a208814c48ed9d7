import type { ExportReply } from '../../contract/data.js';
import type { AppContext } from '../app-context.js';
import type { Account } from '../users/account.js';
import { EXPORT_PARTS } from './export-parts.js';

/** The user's data as one JSON document, read in one transaction so the parts agree with each other. */
export async function exportUserData({ db, audit }: AppContext, user: Account): Promise<ExportReply> {
  const exportedAt = new Date().toISOString();
  const parts = await db
    .transaction()
    .execute(async (tx) =>
      Promise.all(EXPORT_PARTS.map(async (part) => [part.key, await part.read({ db: tx, audit }, user)])),
    );
  return { exported_at: exportedAt, ...Object.fromEntries(parts) } as ExportReply;
}

/** `bullapp-export-2026-11-22.json`: the app prefix and the day of the export. */
export const exportFileName = (prefix: string, exportedAt: string) =>
  `${prefix}-export-${exportedAt.slice(0, 10)}.json`;
