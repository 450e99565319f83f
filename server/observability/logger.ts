import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger } from 'pino';

/**
 * What never reaches a log line, wherever it sits in a logged object: passwords, one-time codes,
 * tokens, the Authorization and Cookie headers, message bodies. The request lines log none of these
 * to begin with (no headers, no bodies, the route's pattern rather than the URL); this list is the
 * net under any object a later line passes to the logger.
 */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'new_password',
  '*.new_password',
  'newPassword',
  '*.newPassword',
  'code',
  '*.code',
  'otp',
  '*.otp',
  'ticket',
  '*.ticket',
  'token',
  '*.token',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'client_secret',
  '*.client_secret',
  'authorization',
  '*.authorization',
  'Authorization',
  '*.Authorization',
  'cookie',
  '*.cookie',
  'Cookie',
  '*.Cookie',
  'headers.authorization',
  '*.headers.authorization',
  'headers.cookie',
  '*.headers.cookie',
  'headers["set-cookie"]',
  'body',
  '*.body',
  'text',
  '*.text',
];

export interface LoggerSetup {
  level: LoggerOptions['level'];
  /** Where lines go; default stdout: readable colored lines on a terminal, JSON lines otherwise. */
  destination?: DestinationStream;
}

/** The process's logger: JSON lines (time, level, msg and fields) with the secrets above censored. */
export function createLogger({ level, destination }: LoggerSetup): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined, // no pid and hostname on every line: the orchestrator labels a process's stream
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY)
    return pino(
      options,
      pretty({ colorize: true, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
    );
  return pino(options);
}

let processLogger: Logger | undefined;

/**
 * The logger of lines about the process rather than one request (the event bus, background jobs):
 * the one main.ts set, else JSON lines at LOG_LEVEL (default info).
 */
export function processLog(): Logger {
  processLogger ??= createLogger({ level: process.env.LOG_LEVEL ?? 'info' });
  return processLogger;
}

export function setProcessLogger(logger: Logger): void {
  processLogger = logger;
}
