import type { User } from '@contract/users';
import { API_PATHS } from '@contract/api-paths';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '@/lib/http-client';

/** Whether this browser can use passkeys at all; the library is loaded only when someone asks. */
export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
  return browserSupportsWebAuthn();
}

/** Discoverable sign-in: the server's options, the browser's passkey prompt, then the login call. */
export async function loginWithPasskey(): Promise<User> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    API_PATHS.passkeyAuthenticationOptions,
    { method: 'POST' },
  );
  const passkey = await startAuthentication({ optionsJSON });
  return apiRequest<User>(API_PATHS.login, { method: 'POST', body: { session: { passkey } } });
}
