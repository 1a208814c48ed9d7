import { API_PATHS } from '@contract/api-paths';
import type { DeviceSession, DeviceSessionList, RevokeOthersReply } from '@contract/devices';
import { apiRequest } from '@/lib/http-client';

const sessionPath = (id: string) => API_PATHS.session.replace(':id', encodeURIComponent(id));

export async function listSessions(): Promise<DeviceSession[]> {
  return (await apiRequest<DeviceSessionList>(API_PATHS.sessions)).sessions;
}

export function revokeSession(id: string): Promise<void> {
  return apiRequest<void>(sessionPath(id), { method: 'DELETE', empty: true });
}

/** How many other devices were signed out. */
export async function revokeOtherSessions(): Promise<number> {
  return (await apiRequest<RevokeOthersReply>(API_PATHS.revokeOtherSessions, { method: 'POST' })).revoked;
}
