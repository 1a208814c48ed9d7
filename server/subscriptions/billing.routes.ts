import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../contract/api-paths.js';
import {
  receiptLinkBodySchema,
  receiptLinkReplySchema,
  transactionsReplySchema,
} from '../../contract/billing.js';
import { ERROR_VARIANTS } from '../../contract/errors.js';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { BEARER_ERRORS, BODY_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { getUser, requireUser } from '../sessions/request-user.js';
import { findUserById } from '../users/users.repository.js';
import {
  paymentHistory,
  paymentOf,
  receiptLink,
  redeemReceiptLink,
  toTransaction,
} from './billing.service.js';
import { RECEIPT_CSP, receiptPage, receiptProblemPage } from './receipt-page.js';

const bearer = [{ bearer: [] }];
const HISTORY_UNAVAILABLE = {
  code: 'payments_unavailable' as const,
  message: ERROR_VARIANTS.historyUnavailable,
};
export const RECEIPT_NOT_SHOWN =
  'This receipt cannot be shown: its link works once and for 5 minutes, and only for a payment of your own. Open it again from your billing page.';

/** DESIGN 15: the payment history, and the printable receipt of each payment. */
export async function billingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // One person's payments: no browser or proxy keeps a copy.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  routes.get(
    API_PATHS.transactions,
    {
      schema: {
        tags: ['billing'],
        summary: "PayPal's transactions of the user's subscriptions, last 24 months, newest first",
        security: bearer,
        response: {
          200: transactionsReplySchema,
          ...errorReplies({ ...BEARER_ERRORS, ...RATE_LIMITED, 503: [HISTORY_UNAVAILABLE] }),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { transactions: (await paymentHistory(context, user.id)).map(toTransaction) };
    },
  );

  routes.post(
    API_PATHS.receiptLink,
    {
      schema: {
        tags: ['billing'],
        summary: 'A single-use address (5 minutes) of one payment’s receipt page, to open in a new tab',
        security: bearer,
        body: receiptLinkBodySchema,
        response: {
          200: receiptLinkReplySchema,
          ...errorReplies({
            ...BODY_ERRORS,
            ...BEARER_ERRORS,
            404: ['transaction_not_found'],
            ...RATE_LIMITED,
            503: [HISTORY_UNAVAILABLE],
          }),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return receiptLink(context, { userId: user.id, transactionId: request.body.transaction_id });
    },
  );

  routes.get(
    API_PATHS.receipt,
    {
      // HEAD would run this handler and spend a link's token: a chat app's preview of the link must not.
      exposeHeadRoute: false,
      schema: {
        tags: ['billing'],
        summary:
          'The printable HTML receipt of one payment: with a Bearer token, or the ?token= of POST /api/v1/billing/receipt_link',
        params: z.object({ transaction_id: z.string().min(1).max(50) }),
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: z.string(), 404: z.string(), 429: z.string(), 503: z.string() },
      },
    },
    async (request, reply) => {
      const transactionId = request.params.transaction_id;
      const token = request.query.token;
      // A link's token is spent on the first look, whatever comes next.
      const userId = token
        ? await redeemReceiptLink(context, { token, transactionId })
        : ((await getUser(request))?.user.id ?? null);
      reply.type('text/html; charset=utf-8').header('content-security-policy', RECEIPT_CSP);
      const user = userId === null ? null : await findUserById(context.db, userId);
      if (!user) return reply.code(404).send(receiptProblemPage(context.config, RECEIPT_NOT_SHOWN));
      try {
        const payment = await paymentOf(context, user.id, transactionId);
        return reply.send(receiptPage(context.config, { payment, email: user.email }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.status === 404)
          return reply.code(404).send(receiptProblemPage(context.config, RECEIPT_NOT_SHOWN));
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return reply
          .code(error.status === 429 ? 429 : 503)
          .send(receiptProblemPage(context.config, error.message));
      }
    },
  );
}
