import { API_PATHS } from '@contract/api-paths';
import type { IdentityJson, IdentityList, LinkTokenReply } from '@contract/identities';
import type { ConfirmBody } from '@contract/reauthentication';
import { apiRequest } from '@/lib/http-client';
import { useServerState } from '@/lib/use-server-state';

const identityPath = (id: string) => API_PATHS.identity.replace(':id', encodeURIComponent(id));

export async function listIdentities(signal?: AbortSignal): Promise<IdentityJson[]> {
  return (await apiRequest<IdentityList>(API_PATHS.identities, { signal })).identities;
}

/**
 * The account's connected identities, read again when another page connects or disconnects one; not read at
 * all on a server without providers (`wanted` false).
 */
export function useIdentities(wanted: boolean) {
  return useServerState({
    key: wanted ? 'identities' : null,
    read: listIdentities,
    refreshOn: ['security_changed'],
  });
}

/** The one-time token of Connect (needs a fresh session: 403 `reauthentication_required` otherwise). */
export function linkToken(): Promise<LinkTokenReply> {
  return apiRequest<LinkTokenReply>(API_PATHS.identityLinkToken, { method: 'POST' });
}

export function disconnectIdentity(id: string, proof: ConfirmBody): Promise<void> {
  return apiRequest<void>(identityPath(id), { method: 'DELETE', body: proof, empty: true });
}

/** POST /api/v1/reauthenticate with the password or a mailed code: for 5 minutes this session may add a way in. */
export function reauthenticate(proof: ConfirmBody): Promise<void> {
  return apiRequest<void>(API_PATHS.reauthenticate, { method: 'POST', body: proof });
}

/** A mailed code for a confirming step, for an account without a password (DESIGN 13). */
export function mailReauthCode(): Promise<void> {
  return apiRequest<void>(API_PATHS.reauthCode, { method: 'POST', empty: true });
}
