// JSON logs through pino; tests pass level 'silent' (or a stream) so nothing reaches the terminal.
import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'ikirere' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Keeps secrets out of logs even when a whole request or config object is logged by mistake.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.instanceSecret', '*.databaseUrl'],
  };
  return destination ? pino(options, destination) : pino(options);
}
