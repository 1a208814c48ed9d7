import { loggerOptions } from '../http/logger.js';

/** The app's own logger settings (redaction included), writing into an array a test can read. */
export function captureLogs(level = 'trace') {
  const lines: string[] = [];
  const logger = loggerOptions(level, { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join('') };
}
