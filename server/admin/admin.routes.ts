import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuditListSchema,
  adminAuditQuerySchema,
  adminReasonBodySchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUserQuerySchema,
} from '../../contract/admin.js';
import { API_PATHS } from '../../contract/api-paths.js';
import { callerOf } from '../http/caller.js';
import { BODY_ERRORS, errorReplies, type DescribedError } from '../http/error-replies.js';
import { deletionKeptForPayPal, userNotFound } from '../http/errors.js';
import { accountDeletedBySupportMail } from '../mail/support-mails.js';
import type { AuditEventName } from '../audit/audit.service.js';
import type { DbOrTx } from '../db/database.js';
import { DeletionRefused } from '../users/account-lifecycle.js';
import { removeAccount } from '../users/account-removal.js';
import { actionTarget, agentOf, guardConsole, reasonOf } from './admin-guard.js';
import { auditEvents, personPage, searchPeople, type ConsoleContext } from './admin-people.service.js';

const tags = ['support console'];
const security = [{ bearer: [] }];

/** What every console call may answer besides its own: anyone but an agent 404, an agent of one factor 403. */
const GUARDED: Record<number, DescribedError[]> = {
  403: ['admin_needs_two_step'],
  404: ['not_found'],
};
/** And every action: no such person, the agent's own or another agent's account, a reason out of bounds. */
const ACTION_REFUSALS: Record<number, DescribedError[]> = {
  ...BODY_ERRORS,
  403: ['admin_needs_two_step', 'cannot_act_on_self', 'cannot_act_on_agent'],
  404: ['not_found', 'user_not_found'],
  422: ['invalid_reason'],
};

/** Each status's codes, the action's own added to the console's. */
function merged(...tables: Array<Record<number, DescribedError[]>>) {
  const all: Record<number, DescribedError[]> = {};
  for (const table of tables)
    for (const [status, codes] of Object.entries(table))
      all[Number(status)] = [...(all[Number(status)] ?? []), ...codes];
  return all;
}

/** The support console's calls (DESIGN 16); every one behind the guard, which runs before the body is read. */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: ConsoleContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = guardConsole;

  /** The person, the agent and the reason of an action; the audit recorder that names both. */
  async function actionOf(request: FastifyRequest, { id, reason }: { id: number; reason: string }) {
    const { user: agent } = await agentOf(request);
    const target = await actionTarget(ctx.db, { id, agent });
    const why = reasonOf(reason);
    const caller = callerOf(request);
    const record = (db: DbOrTx, event: AuditEventName) =>
      ctx.audit.record(db, {
        event,
        subject: { userId: target.id },
        ip: caller.ip,
        actor: { userId: agent.id },
        reason: why,
      });
    return { target, agent, reason: why, caller, record };
  }

  routes.get(
    API_PATHS.adminUsers,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Find people by part of their e-mail address, 50 a page',
        security,
        querystring: adminUserQuerySchema,
        response: { 200: adminUserListSchema, ...errorReplies({ 400: ['invalid_request'], ...GUARDED }) },
      },
    },
    async (request) => searchPeople(ctx, request.query),
  );

  routes.get(
    API_PATHS.adminUser,
    {
      onRequest,
      schema: {
        tags,
        summary: 'A person’s page: devices, identities, subscription and the last 100 audit events',
        security,
        params: adminUserParamsSchema,
        response: {
          200: adminUserDetailSchema,
          ...errorReplies(merged({ 400: ['invalid_request'] }, GUARDED, { 404: ['user_not_found'] })),
        },
      },
    },
    async (request) => personPage(ctx, request.params.id),
  );

  routes.get(
    API_PATHS.adminAudit,
    {
      onRequest,
      schema: {
        tags,
        summary: 'The audit trail, newest first, of one account or one event if asked, 50 a page',
        security,
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListSchema, ...errorReplies({ 400: ['invalid_request'], ...GUARDED }) },
      },
    },
    async (request) => auditEvents(ctx, request.query),
  );

  for (const [name, action] of ctx.desk.actions())
    routes.post(
      `${API_PATHS.adminUser}/${name}`,
      {
        onRequest,
        schema: {
          tags,
          summary: action.summary,
          security,
          params: adminUserParamsSchema,
          body: adminReasonBodySchema,
          response: {
            [action.status]: action.reply ?? z.undefined(),
            ...errorReplies(merged(ACTION_REFUSALS, action.refusals ?? {})),
          },
        },
      },
      async (request, reply) => {
        const result = await action.run(
          await actionOf(request, { id: request.params.id, reason: request.body.reason }),
        );
        return action.status === 200 ? result : reply.code(action.status).send();
      },
    );

  routes.delete(
    API_PATHS.adminUser,
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete the person’s account as a self-deletion is (PayPal first); they are mailed',
        security,
        params: adminUserParamsSchema,
        body: adminReasonBodySchema,
        response: {
          204: z.undefined().describe('Deleted'),
          ...errorReplies(merged(ACTION_REFUSALS, { 503: ['payments_unavailable'] })),
        },
      },
    },
    async (request, reply) => {
      const { target, record } = await actionOf(request, {
        id: request.params.id,
        reason: request.body.reason,
      });
      let deleted: boolean;
      try {
        deleted = await removeAccount(ctx, {
          user: target,
          record: (tx) => record(tx, 'support_account_deleted'),
          mail: accountDeletedBySupportMail(ctx.config, { to: target.email }),
        });
      } catch (error) {
        if (!(error instanceof DeletionRefused)) throw error;
        request.log.warn({ err: error.cause ?? error }, `account kept: ${error.message}`);
        throw deletionKeptForPayPal();
      }
      if (!deleted) throw userNotFound();
      return reply.code(204).send();
    },
  );
}
