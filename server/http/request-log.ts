import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** pino's loggers can say whether a level is on; Fastify's stand-in for `logger: false` cannot (and writes nothing). */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

const plainLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/**
 * The logger the "request completed" line is written with: the app's own (same stream, serializers and
 * bindings), without the redaction pass. That line holds only what the `req` and `res` serialisers make of
 * the request and reply (method, URL with its secrets already hidden by `redactUrl`, remote address, status)
 * and the time: none of the redacted paths (headers, passwords, tokens) can be in it, and redaction (a
 * selective clone of each field, a wildcard path over every key) was the line's largest cost. Its level is
 * the lowest: whether the line is written is still decided by the request's own logger.
 */
function plainLoggerOf(log: FastifyBaseLogger): FastifyBaseLogger {
  let plain = plainLoggers.get(log);
  if (!plain) {
    plain = log.child({}, { redact: [], level: 'trace' });
    plainLoggers.set(log, plain);
  }
  return plain;
}

/**
 * One line per request, when its reply has gone: method, URL (redacted by the logger's `req` serialiser),
 * status and time. Fastify writes two (incoming, completed); the first is dropped and its fields join the
 * second. A reply that failed on the wire is still logged as an error, with the logger's full redaction.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
      return;
    }
    if (!(reply.log as PinoLogger).isLevelEnabled?.('info')) return;
    // The request's id is the one binding of its logger (`reqId`), written where it stood.
    plainLoggerOf(request.server.log).info(
      { [this.requestIdLogLabel]: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
