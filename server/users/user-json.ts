import type { Me, User } from '../../contract/users.js';
import type { Account } from './account.js';
import type { MeParts } from './me-parts.js';

// Each reply is one object literal, never `{ ...toMe(user), extra }`: in optimised code Node 20's V8 gives an
// object made by a spread followed by a new property a map of its own, every time, so every read of it
// (the reply serialiser's, Fastify's) misses its inline cache and takes the slow path (decision 098).

/** The signed-in user of GET /api/v1/me: DESIGN section 4's user JSON without the token, and the features' parts. */
export function toMe(user: Account, parts: MeParts): Me {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    created_at: user.created_at,
    email_verified: user.email_verified_at !== null,
    has_password: user.has_password,
    subscription: parts.subscription,
  };
}

/** The user JSON of sign-up and sign-in replies. */
export function toUserJson(user: Account, authToken: string): User {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    created_at: user.created_at,
    email_verified: user.email_verified_at !== null,
    has_password: user.has_password,
    auth_token: authToken,
  };
}
