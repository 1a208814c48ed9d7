// Linted as if it were server/db/block-imports-feature.ts: a building block reaching into a feature.
import { signUpRoutes } from '../accounts/sign-up.routes.js';

export const routes = signUpRoutes;
