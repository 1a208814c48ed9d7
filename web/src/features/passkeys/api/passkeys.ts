import { API_PATHS } from '@contract/api-paths';
import type { PasskeyJson, PasskeyList } from '@contract/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { Proof } from '@/components/ui/identity-proof';
import { apiRequest } from '@/lib/http-client';
import { passkeyBrowser, passkeyPrompt } from '@/lib/passkey-prompt';
import { useServerState } from '@/lib/use-server-state';

const passkeyPath = (id: string) => API_PATHS.passkey.replace(':id', encodeURIComponent(id));

export async function listPasskeys(signal?: AbortSignal): Promise<PasskeyJson[]> {
  return (await apiRequest<PasskeyList>(API_PATHS.passkeys, { signal })).passkeys;
}

/** The account's passkeys, read again when another page adds or removes one (security_changed). */
export function usePasskeys() {
  return useServerState({ key: 'passkeys', read: listPasskeys, refreshOn: ['security_changed'] });
}

/**
 * The server's options, the browser's "create a passkey" prompt, then the new passkey kept by the server.
 * Without a name the server names it after this browser, as the Devices list does (decision 170).
 */
export async function addPasskey(name: string): Promise<PasskeyJson> {
  const browser = await passkeyBrowser('add');
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    API_PATHS.passkeyRegistrationOptions,
    { method: 'POST' },
  );
  const response = await passkeyPrompt('add', () => browser.startRegistration({ optionsJSON }));
  return apiRequest<PasskeyJson>(API_PATHS.passkeys, {
    method: 'POST',
    body: { ...(name ? { name } : {}), response },
  });
}

export function renamePasskey(id: string, name: string): Promise<PasskeyJson> {
  return apiRequest<PasskeyJson>(passkeyPath(id), { method: 'PATCH', body: { name } });
}

/** Removes a passkey; the account's last one needs the password or a mailed code (`proof`, DESIGN 13). */
export function removePasskey(id: string, proof?: Proof): Promise<void> {
  return apiRequest<void>(passkeyPath(id), { method: 'DELETE', body: proof, empty: true });
}
