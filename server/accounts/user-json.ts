import type { Me, User } from '../../contract/users.js';
import type { Account } from '../users/account.js';

/** The user JSON of DESIGN section 4, without the token (GET /api/v1/me). */
export function toMe(user: Account): Omit<Me, 'subscription'> {
  return { id: user.id, email: user.email, role: user.role, created_at: user.created_at };
}

/** The user JSON of sign-up and sign-in replies. */
export function toUserJson(user: Account, authToken: string): User {
  return { ...toMe(user), auth_token: authToken };
}
