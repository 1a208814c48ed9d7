/** The two things a person does with a passkey here: sign in with one, or add one to the account. */
export type PasskeyCeremony = 'sign_in' | 'add';

/**
 * What the browser's failures mean, in words that say what to do (decision 170). The browser's own text ("The
 * operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/…") is never shown.
 * Keyed by the DOMException's name; `unsupported` is a browser without WebAuthn, `other` anything else.
 */
export const PASSKEY_SENTENCES: Record<PasskeyCeremony, Record<string, string>> = {
  sign_in: {
    NotAllowedError:
      'No passkey was used: the request was cancelled or timed out, or this device has no passkey for this site. Try again, or sign in with your e-mail and password.',
    AbortError: 'The passkey request was stopped before it finished. Please try again.',
    SecurityError:
      'Passkeys do not work at this address of the site. Open the site at its usual address and try again.',
    unsupported:
      'This browser cannot use passkeys. Sign in with your e-mail and password, or use a browser that supports passkeys.',
    other:
      'Your device could not finish the passkey request. Please try again, or sign in with your password.',
  },
  add: {
    NotAllowedError:
      'No passkey was made: the request was cancelled or timed out. Try again, and follow what your browser or device asks.',
    InvalidStateError:
      'This device already holds a passkey for your account, so there is nothing to add: you can sign in with it now.',
    AbortError: 'The passkey request was stopped before it finished. Please try again.',
    SecurityError:
      'Passkeys do not work at this address of the site. Open the site at its usual address and try again.',
    NotSupportedError:
      'This device cannot make the kind of passkey this site uses. Try another device, or a security key.',
    ConstraintError:
      'This device cannot make the kind of passkey this site uses. Try another device, or a security key.',
    unsupported:
      'This browser cannot make passkeys. Use a recent version of Chrome, Edge, Firefox or Safari to add one.',
    other: 'Your device could not make the passkey. Please try again.',
  },
};

/** A passkey step the browser refused, with the sentence to show (`sentenceOf` reads it) and its cause's name. */
export class PasskeyFailure extends Error {
  constructor(
    message: string,
    /** The browser's DOMException name (NotAllowedError …), or `unsupported`. */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'PasskeyFailure';
  }
}

/**
 * @simplewebauthn/browser names its errors after the DOMException it wraps (`WebAuthnError.name`); a
 * DOMException is not an Error everywhere, so the name is read off any object.
 */
const reasonOf = (error: unknown) => {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : null;
  return typeof name === 'string' ? name : 'other';
};

export function passkeyFailure(ceremony: PasskeyCeremony, error: unknown): PasskeyFailure {
  const reason = reasonOf(error);
  const sentences = PASSKEY_SENTENCES[ceremony];
  return new PasskeyFailure(sentences[reason] ?? sentences.other!, reason);
}

/**
 * The browser side of passkeys, loaded when someone first uses one (the first visit stays small); a
 * browser without WebAuthn gets the sentence that says so before any call to the server.
 */
export async function passkeyBrowser(ceremony: PasskeyCeremony) {
  const browser = await import('@simplewebauthn/browser');
  if (!browser.browserSupportsWebAuthn())
    throw new PasskeyFailure(PASSKEY_SENTENCES[ceremony].unsupported!, 'unsupported');
  return browser;
}

/** Runs the browser's passkey prompt; whatever it throws becomes a PasskeyFailure in words. */
export async function passkeyPrompt<T>(ceremony: PasskeyCeremony, prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (error) {
    throw passkeyFailure(ceremony, error);
  }
}
