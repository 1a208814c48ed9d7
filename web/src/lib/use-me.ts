import type { User } from '@contract/users';
import { refreshStoredUser } from './me';
import { useSessionUser } from './session-store';
import { useServerState } from './use-server-state';

// Apart from me.ts, which every page loads (the push connection asks /me): this hook and the server-state
// hook it uses are wanted by the account page only, so they stay out of the first visit's script.

/**
 * The signed-in user, or null: the stored one at once, then checked with the server when the component
 * mounts. A session revoked elsewhere answers 401, which signs the page out; a changed e-mail or role is
 * kept.
 */
export function useMe(): User | null {
  const user = useSessionUser();
  const token = user?.auth_token || null;
  // What it read lands in the session store; a failure leaves the stored user, which is still right (a
  // 401 has already signed the page out).
  useServerState({ key: token && `me of ${token}`, read: refreshStoredUser });
  return user;
}
