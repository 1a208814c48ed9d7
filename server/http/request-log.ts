import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { type OwnLineFormat, requestFields } from './logger.js';
import type { PinoLogger } from './request-logger.js';

/** pino's number of the info level. */
const INFO = 30;

/** Printable ASCII but `"` and `\`: a string of these is its own JSON text between quotes. */
const NOTHING_TO_ESCAPE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as JSON: quoted as it is when nothing in it needs escaping (the usual case), else JSON.stringify. */
function quoted(text: string): string {
  return NOTHING_TO_ESCAPE.test(text) ? `"${text}"` : JSON.stringify(text);
}

/** `.001` … `.999` with trailing zeros dropped (`.25`, `.1`), and '' for none: a microsecond count's decimals. */
const MILLISECOND_DECIMALS = Array.from({ length: 1000 }, (_, us) =>
  us === 0 ? '' : `.${String(us).padStart(3, '0').replace(/0+$/, '')}`,
);

/**
 * A duration in milliseconds as JSON, to the microsecond: what `JSON.stringify` writes for it rounded so,
 * put together from whole numbers. Printing every digit of the double, as pino does, was a quarter of the
 * line's cost and about 3% of a token sign-in's CPU (decision 214); nothing finer than a microsecond means
 * anything in the figure.
 */
export function millisecondsText(ms: number): string {
  const us = Math.round(ms * 1000);
  if (!(us >= 0 && us <= 0x3fffffff)) return JSON.stringify(Number.isFinite(us) ? us / 1000 : null);
  const whole = Math.floor(us / 1000);
  return `${whole}${MILLISECOND_DECIMALS[us - whole * 1000]}`;
}

/**
 * The "request completed" line, as pino writes `log.info({ reqId, req, res, responseTime }, 'request
 * completed')` with the app's options and serialisers (the time rounded to the microsecond), put together
 * from the app's own fields (`format`, from `loggerOptions`): pino's general path (every key looked up for
 * a serialiser, each object through JSON.stringify and its toJSON checks) cost 12–20 µs of a Bearer call's
 * CPU time, and even JSON.stringify of a short string costs more than checking that it needs none. The line holds what `requestFields` makes
 * of the request, the status and the time: none of the redacted paths (headers, passwords, tokens) can be
 * in it (docs/decisions/099, 151).
 */
export function requestCompletedLine(
  format: OwnLineFormat,
  requestIdLabel: string,
  request: FastifyRequest,
  statusCode: number,
  responseTime: number,
): string {
  const { method, url, remoteAddress } = requestFields(request);
  return (
    `{"level":${INFO}${format.time()}${format.bindings}` +
    `,${quoted(requestIdLabel)}:${quoted(request.id)}` +
    `,"req":{"method":${quoted(method)},"url":${quoted(url)},"remoteAddress":${quoted(remoteAddress)}}` +
    `,"res":{"statusCode":${statusCode}},"responseTime":${millisecondsText(responseTime)}` +
    `,"msg":"request completed"}\n`
  );
}

/**
 * One line per request, when its reply has gone: method, URL (redacted by `requestFields`), status and
 * time. Fastify writes two (incoming, completed); the first is dropped and its fields join the second. A
 * reply that failed on the wire is still logged as an error, with the logger's full redaction.
 */
export class OneLinePerRequest extends LogController {
  /** `format`: the app's own line format (`ownLineFormat`), or null to have pino write every line. */
  constructor(private readonly format: OwnLineFormat | null) {
    super();
  }

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
    // Written to the app's own logger's stream, with its bindings; the request's id, the one binding of
    // the request's logger, where it stood on that logger's lines.
    const { format } = this;
    if (format) {
      format.stream.write(
        requestCompletedLine(format, this.requestIdLogLabel, request, reply.statusCode, reply.elapsedTime),
      );
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
