import type { AdminAuditList, AdminUserDetail, AdminUserList } from '@contract/admin';
import { API_PATHS } from '@contract/api-paths';
import { apiRequest } from '@/lib/http-client';
import { useServerState } from '@/lib/use-server-state';

const personPath = (id: number) => API_PATHS.adminUser.replace(':id', String(id));

/** People whose address contains `q`, a page at a time (`cursor` from the page before). */
export function searchPeople(q: string, cursor: string | null, signal?: AbortSignal) {
  const query: Record<string, string> = { q };
  if (cursor) query.cursor = cursor;
  return apiRequest<AdminUserList>(API_PATHS.adminUsers, { query, signal });
}

/** A person's page, read again when asked (after each action). */
export function usePerson(id: number) {
  return useServerState({
    key: `admin-person:${id}`,
    read: (signal) => apiRequest<AdminUserDetail>(personPath(id), { signal }),
  });
}

/** Runs an action of the console for a person, with the agent's reason: its reply, if it has one. */
export function runAction<T>(id: number, action: string, reason: string): Promise<T> {
  return apiRequest<T>(`${personPath(id)}/${action}`, { method: 'POST', body: { reason } });
}

export function deletePerson(id: number, reason: string): Promise<void> {
  return apiRequest<void>(personPath(id), { method: 'DELETE', body: { reason }, empty: true });
}

export interface AuditFilter {
  user?: string;
  event?: string;
}

export function auditEvents(asked: AuditFilter, before: string | null, signal?: AbortSignal) {
  const query: Record<string, string> = {};
  if (asked.user) query.user = asked.user;
  if (asked.event) query.event = asked.event;
  if (before) query.before = before;
  return apiRequest<AdminAuditList>(API_PATHS.adminAudit, { query, signal });
}
