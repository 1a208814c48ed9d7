import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signUpBodySchema, userSchema } from '../../contract/users.js';
import { BODY_ERRORS, errorReplies, RATE_LIMITED } from '../http/error-replies.js';
import { addressSubject } from '../rate-limit/client-address.js';
import { callerOf } from '../http/caller.js';
import { writtenOut, type BackgroundQueue } from '../http/background-queue.js';
import { signUp } from './sign-up.service.js';
import { API_PATHS } from '../../contract/api-paths.js';

export async function signUpRoutes(app: FastifyInstance, { queue }: { queue: BackgroundQueue }) {
  const context = app.ctx;
  const lifecycle = app.accountLifecycle;
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.signUp,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign up: creates the account and signs it in',
        body: signUpBodySchema,
        response: {
          201: userSchema,
          ...errorReplies({
            ...BODY_ERRORS,
            409: ['email_taken'],
            422: ['weak_password', 'invalid_email'],
            ...RATE_LIMITED,
          }),
        },
      },
    },
    async (request, reply) => {
      await app.ctx.rateLimiter.check('signUpPerIp', addressSubject(request.ip));
      const { email, password } = request.body.user;
      const user = await signUp(context, { email, password, caller: callerOf(request) });
      // What features do for a new account (the confirmation mail) runs once the reply is out.
      if (lifecycle.hasSignUpHooks())
        queue.run(() => lifecycle.signedUp({ id: user.id, email: user.email }), writtenOut(reply.raw));
      return reply.code(201).send(user);
    },
  );
}
