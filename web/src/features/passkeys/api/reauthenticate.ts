import { API_PATHS } from '@contract/api-paths';
import type { Proof } from '@/components/ui/identity-proof';
import { apiRequest } from '@/lib/http-client';

/**
 * POST /api/v1/reauthenticate with the password, or a mailed code for an account without one (DESIGN 13): for 5
 * minutes this session may add a way in.
 */
export function reauthenticate(proof: Proof): Promise<void> {
  return apiRequest<void>(API_PATHS.reauthenticate, { method: 'POST', body: proof });
}
