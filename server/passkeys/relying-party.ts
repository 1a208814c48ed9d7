import type { Config } from '../config.js';

/** How long a challenge (and the browser's ceremony) lasts: DESIGN section 11 says 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** WebAuthn's relying party is the site of PUBLIC_URL: its host names it, its origin is the one expected. */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'appName'>) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.appName };
}
