import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { symbols } from 'pino';
import { requestFields } from './logger.js';
import type { PinoLogger } from './request-logger.js';

/** The parts of a pino logger (its public `symbols`) a line is put together from. */
interface PinoParts {
  /** `{"level":30`, by level number. */
  [symbols.lsCacheSym]: Record<number, string>;
  /** `,"time":…`. */
  [symbols.timeSym]: () => string;
  /** The root bindings, `,"pid":…,"hostname":"…"`. */
  [symbols.chindingsSym]: string;
  /** `}` and the line end. */
  [symbols.endSym]: string;
  [symbols.streamSym]: { write(line: string): unknown };
  [symbols.mixinSym]?: unknown;
  [symbols.messageKeySym]: string;
  [symbols.nestedKeySym]: string | null;
  [symbols.formattersSym]: { log?: unknown };
  [symbols.hooksSym]: { streamWrite?: unknown };
}

const INFO = 30;

/**
 * Whether this logger writes lines as pino does by default (no mixin, log formatter, nested key, other
 * message key or stream-write hook): then a request's line can be put together here, the same JSON with
 * the same keys in the same order as pino's. Decided once per logger.
 */
const plainFormat = new WeakMap<FastifyBaseLogger, boolean>();

function writesPlainLines(log: FastifyBaseLogger): boolean {
  let plain = plainFormat.get(log);
  if (plain === undefined) {
    const parts = log as unknown as Partial<PinoParts>;
    plain =
      typeof parts[symbols.chindingsSym] === 'string' &&
      typeof parts[symbols.timeSym] === 'function' &&
      typeof parts[symbols.lsCacheSym]?.[INFO] === 'string' &&
      typeof parts[symbols.streamSym]?.write === 'function' &&
      !parts[symbols.mixinSym] &&
      parts[symbols.messageKeySym] === 'msg' &&
      !parts[symbols.nestedKeySym] &&
      !parts[symbols.formattersSym]?.log &&
      !parts[symbols.hooksSym]?.streamWrite;
    plainFormat.set(log, plain);
  }
  return plain;
}

/** Printable ASCII but `"` and `\`: a string of these is its own JSON text between quotes. */
const NOTHING_TO_ESCAPE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as JSON: quoted as it is when nothing in it needs escaping (the usual case), else JSON.stringify. */
function quoted(text: string): string {
  return NOTHING_TO_ESCAPE.test(text) ? `"${text}"` : JSON.stringify(text);
}

/**
 * The "request completed" line, as pino writes `log.info({ reqId, req, res, responseTime }, 'request
 * completed')` with the app's serialisers, put together directly: pino's general path (every key looked
 * up for a serialiser, each object through JSON.stringify and its toJSON checks) was a tenth of a Bearer
 * call's CPU time, and even JSON.stringify of a short string costs more than checking that it needs none.
 * The line holds what `requestFields` makes of the request, the status and the time: none of the redacted
 * paths (headers, passwords, tokens) can be in it (docs/decisions/099).
 */
export function requestCompletedLine(
  log: FastifyBaseLogger,
  requestIdLabel: string,
  request: FastifyRequest,
  statusCode: number,
  responseTime: number,
): string {
  const parts = log as unknown as PinoParts;
  const { method, url, remoteAddress } = requestFields(request);
  return (
    `${parts[symbols.lsCacheSym][INFO]}${parts[symbols.timeSym]()}${parts[symbols.chindingsSym]}` +
    `,${quoted(requestIdLabel)}:${quoted(request.id)}` +
    `,"req":{"method":${quoted(method)},"url":${quoted(url)},"remoteAddress":${quoted(remoteAddress)}}` +
    `,"res":{"statusCode":${statusCode}},"responseTime":${Number.isFinite(responseTime) ? responseTime : null}` +
    `,"msg":"request completed"${parts[symbols.endSym]}`
  );
}

/**
 * One line per request, when its reply has gone: method, URL (redacted by `requestFields`), status and
 * time. Fastify writes two (incoming, completed); the first is dropped and its fields join the second. A
 * reply that failed on the wire is still logged as an error, with the logger's full redaction.
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
    // Written to the app's own logger's stream, with its bindings; the request's id, the one binding of
    // the request's logger, where it stood on that logger's lines.
    const log = request.server.log;
    if (writesPlainLines(log)) {
      const line = requestCompletedLine(
        log,
        this.requestIdLogLabel,
        request,
        reply.statusCode,
        reply.elapsedTime,
      );
      (log as unknown as PinoParts)[symbols.streamSym].write(line);
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
