import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../http/logger.js';

/** The app's own logger settings (redaction included), writing into an array a test can read. */
export function captureLogs(level = 'trace') {
  const lines: string[] = [];
  const logger = {
    ...(loggerOptions(level) as object),
    stream: { write: (line: string) => void lines.push(line) },
  } as FastifyServerOptions['logger'];
  return { logger, lines, text: () => lines.join('') };
}
