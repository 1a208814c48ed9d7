import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/**
 * The pino logger the app's logger is: levels by name, and whether one is on. Fastify's stand-in for
 * `logger: false` has neither (and writes nothing).
 */
export type PinoLogger = FastifyBaseLogger & {
  levels?: { values: Record<string, number> };
  isLevelEnabled?(level: string): boolean;
};

type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger (`request.log`), made the first time the request logs. Fastify makes a child of the
 * app's logger for every request (its `reqId` binding serialised through the redaction pass), and most
 * requests never write a line of their own: their "request completed" line is put together without it
 * (request-log.ts). Until then, only whether a level is on is answered, from the levels alone.
 * See docs/decisions/099-request-log-line-and-lazy-request-logger.md.
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  /** As pino's: false for a logger that cannot tell (it writes nothing). */
  isLevelEnabled(level: string): boolean {
    if (this.made) return (this.made as PinoLogger).isLevelEnabled?.(level) ?? false;
    const values = this.parent.levels?.values;
    if (!values || !this.parent.isLevelEnabled) return false;
    const wanted = values[level];
    const current = values[this.level];
    return wanted !== undefined && current !== undefined && wanted >= current;
  }

  fatal(...args: LogArguments) {
    this.logger().fatal(...args);
  }

  error(...args: LogArguments) {
    this.logger().error(...args);
  }

  warn(...args: LogArguments) {
    this.logger().warn(...args);
  }

  info(...args: LogArguments) {
    this.logger().info(...args);
  }

  debug(...args: LogArguments) {
    this.logger().debug(...args);
  }

  trace(...args: LogArguments) {
    this.logger().trace(...args);
  }

  silent(...args: LogArguments) {
    this.logger().silent(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request logger that is made when first used. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options);
