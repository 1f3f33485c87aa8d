import { pino, type Logger } from 'pino';

/** Structured logs on stdout. Secrets are redacted even if a caller passes them by mistake. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        'token',
        'secret',
        '*.token',
        '*.secret',
        'authorization',
        '*.authorization',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes `parent.child(bindings)` only when a line is written through it. Pino
 * serializes a child's bindings when the child is made, and most requests write nothing (the request line
 * is the only one, and LOG_LEVEL may drop it). Lines still carry the request id: the child is the same.
 */
export class LazyChildLogger {
  #child: Logger | undefined;
  constructor(
    readonly parent: Logger,
    readonly bindings: Record<string, unknown>,
  ) {}

  get #logger(): Logger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.#child ? this.#child.level : this.parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }
  #write(level: LogMethod, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.#logger[level] as (...args: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): Logger {
    return this.#logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child, unless the route sets its own level or serializers (then
 * the child is made at once, as Fastify would).
 */
export function lazyChildLogger(
  logger: Logger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
): Logger | LazyChildLogger {
  return Object.keys(options).length > 0
    ? logger.child(bindings, options)
    : new LazyChildLogger(logger, bindings);
}
