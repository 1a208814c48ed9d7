// Linted as if it were server/accounts/feature-imports-feature.ts: one feature reaching into another.
import { isTwoFactorOn } from '../two-factor/two-factor.service.js';

export const isOn = isTwoFactorOn;
