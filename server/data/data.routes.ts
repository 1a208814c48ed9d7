import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import { APP_PREFIX } from '../../contract/app.js';
import {
  confirmEmailChangeBodySchema,
  emailChangeBodySchema,
  exportReplySchema,
} from '../../contract/data.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import { meReplySchema } from '../../contract/users.js';
import { callerOf } from '../http/caller.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { invalidEmailChangeToken, invalidEmailUndoToken, wrongCurrentPassword } from '../http/errors.js';
import { linkCheckRoute } from '../http/link-check.js';
import { requireUser } from '../sessions/request-user.js';
import { normaliseEmail } from '../users/email-address.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { confirmEmailChange, requestEmailChange } from './email-change.service.js';
import { undoEmailChange } from './email-change-undo.service.js';
import { findUsableEmailChange } from './email-changes.repository.js';
import { findUsableUndo } from './email-change-undos.repository.js';
import { openAddress } from './sealed-address.js';
import { exportFileName, exportUserData } from './export.service.js';
import { toMe } from '../users/user-json.js';

const bearer = [{ bearer: [] }];

/** DESIGN section 12: the export, and the e-mail change confirmed by the new address. */
export async function dataRoutes(app: FastifyInstance) {
  const context = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_PATHS.exportData,
    {
      schema: {
        tags: ['data'],
        summary: 'Every row that names the signed-in user, as a JSON file to download',
        description:
          'Served with `Content-Disposition: attachment; filename="bullapp-export-<date>.json"`. No secret, hash or token is in it.',
        security: bearer,
        response: { 200: exportReplySchema, ...errorReplies({ ...BEARER_ERRORS, ...RATE_LIMITED }) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await app.ctx.rateLimiter.check('exportPerUser', String(user.id));
      const data = await exportUserData(context, user);
      await context.audit.record(context.db, {
        event: 'data_exported',
        subject: { userId: user.id },
        ip: request.ip || null,
      });
      // Personal data: no cache may keep a copy.
      reply.header('cache-control', 'no-store');
      reply.header(
        'content-disposition',
        `attachment; filename="${exportFileName(APP_PREFIX, data.exported_at)}"`,
      );
      return data;
    },
  );

  routes.post(
    API_PATHS.emailChange,
    {
      schema: {
        tags: ['data'],
        summary: 'Asks to change the e-mail address: a link goes to the new address, a notice to the old one',
        description:
          'Nothing changes until the link `PUBLIC_URL/confirm-email/<token>` is opened (60 minutes, once).',
        body: emailChangeBodySchema,
        security: bearer,
        response: {
          202: z.undefined().describe('The link is on its way to the new address'),
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            403: [
              { code: 'invalid_credentials', message: ERROR_VARIANTS.wrongCurrentPassword },
              { code: 'invalid_code', message: ERROR_VARIANTS.wrongEmailCode },
            ],
            409: ['email_taken', { code: 'email_taken', message: ERROR_VARIANTS.sameEmail }],
            422: ['invalid_email'],
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      // A password check: it counts toward the account's throttle, as the other password checks do.
      await app.ctx.rateLimiter.check('signInPerAccount', normaliseEmail(user.email));
      const { body } = request;
      const { email } = body;
      // The password, or a mailed code (DESIGN 13), is the fresh proof that a new address, a way into the
      // account, needs (DESIGN 7).
      await app.freshAuthentication.require(request, {
        proof: 'password' in body ? { password: body.password } : { code: body.code },
        wrong: wrongCurrentPassword,
        failedEvent: 'email_change_failed',
      });
      await requestEmailChange(context, { user, email, caller: callerOf(request) });
      return reply.code(202).send();
    },
  );

  routes.post(
    API_PATHS.confirmEmailChange,
    {
      schema: {
        tags: ['data'],
        summary: 'Confirms an e-mail change with the token of the mailed link; the sessions stay',
        body: confirmEmailChangeBodySchema,
        response: {
          200: meReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            400: [
              { code: 'invalid_token', message: ERROR_VARIANTS.invalidEmailChangeToken },
              'invalid_request',
            ],
            409: ['email_taken'],
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request) => {
      await app.ctx.rateLimiter.check('confirmEmailPerIp', addressSubject(request.ip));
      const user = await confirmEmailChange(context, {
        token: request.body.token,
        caller: callerOf(request),
      });
      return toMe(user, await app.meParts.of(user.id));
    },
  );

  routes.post(
    API_PATHS.undoEmailChange,
    {
      schema: {
        tags: ['data'],
        summary:
          'Undoes a completed e-mail change with the token of the link mailed to the old address (7 days, once); every session ends',
        description: 'The page `/undo-email-change/:token` makes this call.',
        body: confirmEmailChangeBodySchema,
        response: {
          204: z.undefined().describe('The account has its old address again; every device is signed out'),
          ...errorReplies({
            ...BODY_ERRORS,
            400: [
              { code: 'invalid_token', message: ERROR_VARIANTS.invalidEmailUndoToken },
              'invalid_request',
            ],
            409: ['email_taken'],
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request, reply) => {
      await app.ctx.rateLimiter.check('confirmEmailPerIp', addressSubject(request.ip));
      await undoEmailChange(context, {
        token: request.body.token,
        caller: callerOf(request),
        recovery: app.accountRecovery,
      });
      return reply.code(204).send();
    },
  );

  // The pages of both mailed links ask before they show their button (decision 168).
  linkCheckRoute(app, {
    path: API_PATHS.checkEmailChangeLink,
    tags: ['data'],
    link: 'the link that confirms an e-mail change',
    rule: 'confirmEmailPerIp',
    refused: invalidEmailChangeToken,
    usable: async (link) => (await findUsableEmailChange(context.db, link)) !== null,
  });

  linkCheckRoute(app, {
    path: API_PATHS.checkEmailUndoLink,
    tags: ['data'],
    link: 'the link that undoes an e-mail change',
    rule: 'confirmEmailPerIp',
    refused: invalidEmailUndoToken,
    usable: async (link) => {
      const undo = await findUsableUndo(context.db, link);
      // As the undo itself: a row whose sealed address this token does not open is no link of ours.
      return undo !== null && openAddress(undo.old_email_sealed, link.token) !== null;
    },
  });
}
