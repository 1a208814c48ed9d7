import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import {
  deviceSessionListSchema,
  deviceSessionParamsSchema,
  revokeOthersReplySchema,
} from '../../contract/devices.js';
import { callerOf } from '../http/caller.js';
import { BEARER_ERRORS, errorReplies } from '../http/error-replies.js';
import { requireUser } from '../sessions/request-user.js';
import { devicesOf, revokeDevice, revokeOtherDevices } from './devices.service.js';

const bearer = [{ bearer: [] }];
const tags = ['devices'];

export async function devicesRoutes(app: FastifyInstance) {
  const context = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_PATHS.sessions,
    {
      schema: {
        tags,
        summary: 'The signed-in devices (sessions) of the account, latest use first',
        security: bearer,
        response: { 200: deviceSessionListSchema, ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request) => {
      const { user, session } = await requireUser(request);
      return { sessions: await devicesOf(context, { userId: user.id, currentSessionId: session.id }) };
    },
  );

  routes.post(
    API_PATHS.revokeOtherSessions,
    {
      schema: {
        tags,
        summary: 'Sign out every other device: each session but the caller’s ends, and its pages are told',
        security: bearer,
        response: { 200: revokeOthersReplySchema, ...errorReplies(BEARER_ERRORS) },
      },
    },
    async (request) => {
      const signedIn = await requireUser(request);
      return {
        revoked: await revokeOtherDevices(context, {
          caller: callerOf(request),
          signedIn,
          recovery: app.accountRecovery,
        }),
      };
    },
  );

  routes.delete(
    API_PATHS.session,
    {
      schema: {
        tags,
        summary: 'Sign out one device: its session ends, and its open pages get signed_out',
        security: bearer,
        params: deviceSessionParamsSchema,
        response: {
          204: z.undefined().describe('Signed out'),
          ...errorReplies({ ...BEARER_ERRORS, 404: ['session_not_found'] }),
        },
      },
    },
    async (request, reply) => {
      const signedIn = await requireUser(request);
      await revokeDevice(context, { caller: callerOf(request), publicId: request.params.id, signedIn });
      return reply.code(204).send();
    },
  );
}
