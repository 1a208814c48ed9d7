import { API_PATHS } from '@contract/api-paths';
import type { DeviceSession, DeviceSessionList, RevokeOthersReply } from '@contract/devices';
import { apiRequest } from '@/lib/http-client';
import { useServerState } from '@/lib/use-server-state';

const sessionPath = (id: string) => API_PATHS.session.replace(':id', encodeURIComponent(id));

export async function listSessions(signal?: AbortSignal): Promise<DeviceSession[]> {
  return (await apiRequest<DeviceSessionList>(API_PATHS.sessions, { signal })).sessions;
}

/** The devices signed in to the account, read again when another page signs one in or changes the password. */
export function useDeviceSessions() {
  return useServerState({
    key: 'sessions',
    read: listSessions,
    // A new sign-in, or a password change that signed the other devices out.
    refreshOn: ['session_created', 'password_changed'],
  });
}

export function revokeSession(id: string): Promise<void> {
  return apiRequest<void>(sessionPath(id), { method: 'DELETE', empty: true });
}

/** How many other devices were signed out. */
export async function revokeOtherSessions(): Promise<number> {
  return (await apiRequest<RevokeOthersReply>(API_PATHS.revokeOtherSessions, { method: 'POST' })).revoked;
}
