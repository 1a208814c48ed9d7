import { describe, expect, it, vi } from 'vitest';
import { sentenceOf } from './http-client';
import { passkeyBrowser, passkeyPrompt, PasskeyFailure } from './passkey-prompt';

const RAW =
  'The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sec-assertion-privacy.';
const refusal = (name: string) => Promise.reject(new DOMException(RAW, name));

describe('a passkey prompt that fails', () => {
  it.each([
    [
      'sign_in',
      'NotAllowedError',
      'No passkey was used: the request was cancelled or timed out, or this device has no passkey for this site. Try again, or sign in with your e-mail and password.',
    ],
    ['sign_in', 'AbortError', 'The passkey request was stopped before it finished. Please try again.'],
    [
      'sign_in',
      'SecurityError',
      'Passkeys do not work at this address of the site. Open the site at its usual address and try again.',
    ],
    [
      'sign_in',
      'UnknownError',
      'Your device could not finish the passkey request. Please try again, or sign in with your password.',
    ],
    [
      'add',
      'NotAllowedError',
      'No passkey was made: the request was cancelled or timed out. Try again, and follow what your browser or device asks.',
    ],
    [
      'add',
      'InvalidStateError',
      'This device already holds a passkey for your account, so there is nothing to add: you can sign in with it now.',
    ],
    [
      'add',
      'NotSupportedError',
      'This device cannot make the kind of passkey this site uses. Try another device, or a security key.',
    ],
    ['add', 'TypeError', 'Your device could not make the passkey. Please try again.'],
  ] as const)(
    'while %s, says what to do for %s, never the browser’s text',
    async (ceremony, name, sentence) => {
      const failure = await passkeyPrompt(ceremony, () => refusal(name)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PasskeyFailure);
      expect(sentenceOf(failure)).toBe(sentence);
      expect((failure as PasskeyFailure).reason).toBe(name);
      expect(sentenceOf(failure)).not.toContain('w3.org');
    },
  );

  it('passes what the prompt gave through untouched', async () => {
    await expect(passkeyPrompt('add', async () => 'the response')).resolves.toBe('the response');
  });
});

describe('a browser without WebAuthn', () => {
  it('is told so before anything is asked of the server', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    await expect(passkeyBrowser('sign_in')).rejects.toThrow(
      'This browser cannot use passkeys. Sign in with your e-mail and password, or use a browser that supports passkeys.',
    );
    await expect(passkeyBrowser('add')).rejects.toThrow(
      'This browser cannot make passkeys. Use a recent version of Chrome, Edge, Firefox or Safari to add one.',
    );
  });
});
