import { API_PATHS } from '@contract/api-paths';
import type { RecoveryCodesReply, TwoFactorSetupReply, TwoFactorStatus } from '@contract/two-factor';
import { apiRequest } from '@/lib/http-client';
import { useServerState } from '@/lib/use-server-state';

export function twoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>(API_PATHS.twoFactor, { signal });
}

/** On or off, and the recovery codes left; read again when another page changes it (security_changed). */
export function useTwoFactorStatus() {
  return useServerState({ key: 'two-factor', read: twoFactorStatus, refreshOn: ['security_changed'] });
}

/** A new secret and its QR code, after the password; nothing changes until a code confirms it. */
export function setUpTwoFactor(password: string): Promise<TwoFactorSetupReply> {
  return apiRequest<TwoFactorSetupReply>(API_PATHS.twoFactorSetup, { method: 'POST', body: { password } });
}

export async function enableTwoFactor(code: string): Promise<string[]> {
  const reply = await apiRequest<RecoveryCodesReply>(API_PATHS.twoFactorEnable, {
    method: 'POST',
    body: { code },
  });
  return reply.recovery_codes;
}

export function disableTwoFactor(password: string): Promise<void> {
  return apiRequest<void>(API_PATHS.twoFactorDisable, { method: 'POST', body: { password }, empty: true });
}

export async function newRecoveryCodes(password: string): Promise<string[]> {
  const reply = await apiRequest<RecoveryCodesReply>(API_PATHS.twoFactorRecoveryCodes, {
    method: 'POST',
    body: { password },
  });
  return reply.recovery_codes;
}
