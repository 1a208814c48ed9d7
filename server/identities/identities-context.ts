import type { AppContext } from '../app-context.js';
import type { AccountRecovery } from '../users/account-recovery.js';
import type { OidcProviders } from './providers.js';

/** The app's context with what provider sign-in adds: the configured providers, and the recovery step. */
export interface IdentitiesContext extends AppContext {
  providers: OidcProviders;
  recovery: AccountRecovery;
}
