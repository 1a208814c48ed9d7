import type { Db } from '../db/database.js';
import { invalidPasskey } from '../http/errors.js';
import { insertChallenge, takeChallenge, type ChallengePurpose } from './challenges.repository.js';
import { CHALLENGE_TTL_MS } from './relying-party.js';

// @simplewebauthn/server is loaded at the first passkey call, not at every start (decision 161).
const helpers = () => import('@simplewebauthn/server/helpers');

interface ChallengeOwner {
  purpose: ChallengePurpose;
  /** The account a registration is for; null for sign-in, where nobody is known yet. */
  userId: number | null;
}

/** Keeps the challenge of options just made, for 5 minutes. */
export async function rememberChallenge(db: Db, challenge: string, { purpose, userId }: ChallengeOwner) {
  await insertChallenge(db, {
    challenge,
    purpose,
    user_id: userId,
    expires_at: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString(),
  });
}

/**
 * The challenge the browser signed (read from clientDataJSON), taken from the store so it never works
 * again. A response without a readable challenge, or with one that is unknown, spent or expired, is refused.
 */
export async function spendChallenge(
  db: Db,
  clientDataJSON: string,
  { purpose, userId, status }: ChallengeOwner & { status: 400 | 401 },
): Promise<string> {
  const { decodeClientDataJSON } = await helpers();
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw invalidPasskey(status);
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512)
    throw invalidPasskey(status);
  const now = new Date().toISOString();
  if (!(await takeChallenge(db, { challenge, purpose, userId, now }))) throw invalidPasskey(status);
  return challenge;
}
