import type { User } from '@contract/users';
import { API_PATHS } from '@contract/api-paths';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from '@/lib/http-client';
import { passkeyBrowser, passkeyPrompt } from '@/lib/passkey-prompt';

/** Whether this browser can use passkeys at all; the library is loaded only when someone asks. */
export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
  return browserSupportsWebAuthn();
}

const authenticationOptions = () =>
  apiRequest<PublicKeyCredentialRequestOptionsJSON>(API_PATHS.passkeyAuthenticationOptions, {
    method: 'POST',
  });

/** The login call with the browser's answer to a passkey prompt. */
export function signInWithPasskey(passkey: AuthenticationResponseJSON): Promise<User> {
  return apiRequest<User>(API_PATHS.login, { method: 'POST', body: { session: { passkey } } });
}

/**
 * Discoverable sign-in: the server's options, the browser's passkey prompt, then the login call. A prompt
 * that fails says what to do in words (lib/passkey-prompt.ts), never in the browser's.
 */
export async function loginWithPasskey(): Promise<User> {
  const browser = await passkeyBrowser('sign_in');
  const optionsJSON = await authenticationOptions();
  const passkey = await passkeyPrompt('sign_in', () => browser.startAuthentication({ optionsJSON }));
  return signInWithPasskey(passkey);
}

/**
 * Conditional UI (decision 170): the passkeys of this site are offered in the e-mail field's autofill, from a
 * request left waiting while the page shows. Resolves with the passkey the person picked, or null when
 * the browser has no such autofill or the request was called off (the button's prompt, leaving the page):
 * nothing the person asked for failed, so nothing is said.
 */
export async function passkeyFromAutofill(): Promise<AuthenticationResponseJSON | null> {
  const browser = await import('@simplewebauthn/browser');
  if (!(await browser.browserSupportsWebAuthnAutofill())) return null;
  const optionsJSON = await authenticationOptions();
  try {
    return await browser.startAuthentication({ optionsJSON, useBrowserAutofill: true });
  } catch {
    return null;
  }
}

/** Calls off a waiting autofill request (the page is going away, or no longer shows the e-mail field). */
export async function stopPasskeyAutofill(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}
