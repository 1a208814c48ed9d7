import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, when its reply has gone: method, URL (redacted by the logger's `req` serialiser),
 * status and time. Fastify writes two (incoming, completed); the first is dropped and its fields join the
 * second. A reply that failed on the wire is still logged as an error.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
