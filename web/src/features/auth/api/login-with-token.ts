import type { TwoFactorRequired } from '@contract/two-factor';
import type { User } from '@contract/users';
import { apiRequest } from '@/lib/http-client';
import { API_PATHS } from '@contract/api-paths';

/**
 * Redeems the token of a QR code's or a provider sign-in's `/login#auth_token=…` link for a session of its
 * own (a provider's may first ask for the two-step code). `qr: true` makes the
 * server refuse any other token, so a link cannot plant someone else's session here. No Bearer goes with it:
 * a refused code must not sign out the session this page may already hold.
 */
export function loginWithToken(authToken: string): Promise<User | TwoFactorRequired> {
  return apiRequest<User | TwoFactorRequired>(API_PATHS.login, {
    method: 'POST',
    body: { session: { auth_token: authToken, qr: true } },
    token: null,
  });
}
