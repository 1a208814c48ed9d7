import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import {
  recoveryCodesReplySchema,
  twoFactorEnableBodySchema,
  twoFactorPasswordBodySchema,
  type TwoFactorPasswordBody,
  twoFactorSetupReplySchema,
  twoFactorStatusSchema,
} from '../../contract/two-factor.js';
import { callerOf } from '../http/caller.js';
import {
  BEARER_ERRORS,
  BODY_ERRORS,
  errorReplies,
  PASSWORD_CHECKED,
  RATE_LIMITED,
  type DescribedError,
} from '../http/error-replies.js';
import { wrongConfirmPassword } from '../http/errors.js';
import { FRESH_AUTHENTICATION_REQUIRED } from '../sessions/fresh-authentication.plugin.js';
import { requireUser } from '../sessions/request-user.js';
import type { Authenticated } from '../sessions/sessions.service.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  replaceUserRecoveryCodes,
  setUpTwoFactor,
  twoFactorStatus,
  type TwoFactorContext,
} from './two-factor.service.js';

const bearer = [{ bearer: [] }];
const tags = ['two-factor'];
const WRONG_PASSWORD: Record<number, DescribedError[]> = {
  403: [
    { code: 'invalid_credentials', message: ERROR_VARIANTS.wrongQrPassword },
    { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
  ],
};

export async function twoFactorRoutes(app: FastifyInstance, { context }: { context: TwoFactorContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** The signed-in caller, counted against the per-account limit of the calls that change the setting. */
  const throttledUser = async (request: FastifyRequest) => {
    const found = await requireUser(request);
    await app.ctx.rateLimiter.check('twoFactorPerUser', String(found.user.id));
    return found;
  };

  /** The body's password for the service to check, or null once its mailed code proved the owner (DESIGN 13). */
  const passwordOrProvedCode = async (
    auth: Authenticated,
    { body, ip }: { body: TwoFactorPasswordBody; ip: string },
  ): Promise<string | null> => {
    if ('password' in body) return body.password;
    await app.freshAuthentication.proveWithCode(auth, body.code, { ip: ip || null });
    return null;
  };

  routes.get(
    API_PATHS.twoFactor,
    {
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left unused',
        security: bearer,
        response: { 200: twoFactorStatusSchema, ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request) => twoFactorStatus(context, (await requireUser(request)).user),
  );

  routes.post(
    API_PATHS.twoFactorSetup,
    {
      schema: {
        tags,
        summary: 'Confirm the password to get a new secret and its QR code; not on until enabled with a code',
        security: bearer,
        body: twoFactorPasswordBodySchema,
        response: {
          200: twoFactorSetupReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            ...WRONG_PASSWORD,
            409: ['two_factor_already_enabled'],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request) => {
      await throttledUser(request);
      // The password is this session's fresh proof: enable, a code away, needs one too (DESIGN 7).
      const { user } = await app.freshAuthentication.require(request, {
        proof: request.body,
        wrong: wrongConfirmPassword,
      });
      return setUpTwoFactor(context, { user });
    },
  );

  routes.post(
    API_PATHS.twoFactorEnable,
    {
      schema: {
        tags,
        summary:
          'Turn two-step sign-in on with a code of the new secret; the ten recovery codes are shown once',
        security: bearer,
        body: twoFactorEnableBodySchema,
        response: {
          200: recoveryCodesReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            ...FRESH_AUTHENTICATION_REQUIRED,
            409: [
              'two_factor_already_enabled',
              { code: 'two_factor_not_enabled', message: ERROR_VARIANTS.twoFactorNotSetUp },
            ],
            422: ['invalid_code'],
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request) => {
      await throttledUser(request);
      const { user } = await app.freshAuthentication.require(request);
      return enableTwoFactor(context, { user, code: request.body.code, caller: callerOf(request) });
    },
  );

  routes.post(
    API_PATHS.twoFactorDisable,
    {
      schema: {
        tags,
        summary: 'Turn two-step sign-in off: the password alone signs in again, recovery codes stop working',
        security: bearer,
        body: twoFactorPasswordBodySchema,
        response: {
          204: z.undefined().describe('Off'),
          ...errorReplies({ ...BODY_ERRORS, ...BEARER_ERRORS, ...WRONG_PASSWORD, ...PASSWORD_CHECKED }),
        },
      },
    },
    async (request, reply) => {
      const auth = await throttledUser(request);
      await disableTwoFactor(context, {
        user: auth.user,
        password: await passwordOrProvedCode(auth, request),
        caller: callerOf(request),
      });
      return reply.code(204).send();
    },
  );

  routes.post(
    API_PATHS.twoFactorRecoveryCodes,
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes, shown once; the earlier ones stop working',
        security: bearer,
        body: twoFactorPasswordBodySchema,
        response: {
          200: recoveryCodesReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            ...WRONG_PASSWORD,
            409: ['two_factor_not_enabled'],
            ...PASSWORD_CHECKED,
          }),
        },
      },
    },
    async (request) => {
      const auth = await throttledUser(request);
      return replaceUserRecoveryCodes(context, {
        user: auth.user,
        password: await passwordOrProvedCode(auth, request),
        caller: callerOf(request),
      });
    },
  );
}
