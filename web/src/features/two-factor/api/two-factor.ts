import { API_PATHS } from '@contract/api-paths';
import type {
  RecoveryCodesReply,
  TwoFactorPasswordBody,
  TwoFactorSetupReply,
  TwoFactorStatus,
} from '@contract/two-factor';
import { apiRequest } from '@/lib/http-client';
import { useServerState } from '@/lib/use-server-state';

export function twoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>(API_PATHS.twoFactor, { signal });
}

/** On or off, and the recovery codes left; read again when another page changes it (security_changed). */
export function useTwoFactorStatus() {
  return useServerState({ key: 'two-factor', read: twoFactorStatus, refreshOn: ['security_changed'] });
}

/**
 * A new secret and its QR code, after the password (or a mailed code, DESIGN 13); nothing changes until a code
 * from the app confirms it.
 */
export function setUpTwoFactor(proof: TwoFactorPasswordBody): Promise<TwoFactorSetupReply> {
  return apiRequest<TwoFactorSetupReply>(API_PATHS.twoFactorSetup, { method: 'POST', body: proof });
}

export async function enableTwoFactor(code: string): Promise<string[]> {
  const reply = await apiRequest<RecoveryCodesReply>(API_PATHS.twoFactorEnable, {
    method: 'POST',
    body: { code },
  });
  return reply.recovery_codes;
}

export function disableTwoFactor(proof: TwoFactorPasswordBody): Promise<void> {
  return apiRequest<void>(API_PATHS.twoFactorDisable, { method: 'POST', body: proof, empty: true });
}

export async function newRecoveryCodes(proof: TwoFactorPasswordBody): Promise<string[]> {
  const reply = await apiRequest<RecoveryCodesReply>(API_PATHS.twoFactorRecoveryCodes, {
    method: 'POST',
    body: proof,
  });
  return reply.recovery_codes;
}
