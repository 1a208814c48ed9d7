// Linted as if it were server/qr/feature-imports-block.ts: a feature using a building block, as it may.
import { normaliseEmail } from '../users/email-address.js';

export const normalised = normaliseEmail(' A@example.com ');
