import { pino, type Logger } from 'pino';

/** Structured logs on stdout. Secrets are redacted even if a caller passes them by mistake. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['token', 'secret', '*.token', '*.secret', 'authorization', '*.authorization', 'headers.authorization'], censor: '[redacted]' },
  });
}
