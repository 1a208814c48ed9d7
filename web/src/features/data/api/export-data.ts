import { API_PATHS } from '@contract/api-paths';
import { APP_PREFIX } from '@contract/app';
import { apiDownload } from '@/lib/http-client';

/** GET /api/v1/export: the user's data as the JSON file the server names. */
export function exportData() {
  const today = new Date().toISOString().slice(0, 10);
  return apiDownload(API_PATHS.exportData, `${APP_PREFIX}-export-${today}.json`);
}
