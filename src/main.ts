// Starting and stopping the service: config → database → migrations → roles (api, worker).
import type { FastifyInstance } from 'fastify';
import { buildApp, buildWorkerApp } from './app.js';
import { bootstrapIfEmpty, type BootstrapResult } from './bootstrap.js';
import type { Logger } from 'pino';
import { configWarnings, describeDatabase, publicBase, type Config, type Role } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import { migrateToLatest } from './db/migrate.js';
import type { Clock } from './lib/clock.js';
import { createLogger } from './logger.js';
import { startWorkers, type Workers } from './workers.js';

export interface RunningService {
  deps: AppDeps;
  app: FastifyInstance | null;
  workers: Workers | null;
  url: string | null;
  /** Where people open links to this service (PUBLIC_URL, or the bound listener); null without a listener. */
  linkBase: string | null;
  bootstrap: BootstrapResult | null;
  stop(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * What this process runs with, in one log line at start: the database (never a password), the role, the
 * answer engine, the embeddings model and the address links are made on.
 */
export function startSummary(config: Config, role: Role) {
  return {
    database: config.database.kind,
    databaseLocation: describeDatabase(config.database),
    role,
    answerEngine:
      config.answerEngine === 'openai'
        ? `openai (${config.openai.model ?? 'its default model'} at ${config.openai.baseUrl ?? "OpenAI's API"})`
        : 'extractive',
    embeddings: config.embeddings
      ? `${config.embeddings.model} at ${config.embeddings.baseUrl ?? "OpenAI's API"}`
      : 'off',
    publicUrl:
      config.publicUrl ??
      `not set (links use ${config.port === 0 ? 'the address this process listens on' : publicBase(config)})`,
  };
}

export async function startService(
  config: Config,
  options: { role?: Role; clock?: Clock; logger?: Logger } = {},
): Promise<RunningService> {
  const role = options.role ?? config.role;
  const logger = options.logger ?? createLogger(config.logLevel);
  logger.info(startSummary(config, role), 'starting');
  for (const warning of configWarnings(config, role)) logger.warn(warning);
  if (config.outboundAllowHosts.length > 0) {
    logger.warn(
      { hosts: config.outboundAllowHosts },
      'OUTBOUND_ALLOW_HOSTS is set: outbound requests may reach these private hosts (development and tests only)',
    );
  }
  const deps = createDeps(config, { logger, ...(options.clock ? { clock: options.clock } : {}) });
  try {
    await migrateToLatest(deps.db);
  } catch (error) {
    await deps.stop();
    throw error;
  }
  const servesApi = role === 'all' || role === 'api';
  // Only a process that serves the API can print the token with a working curl line; a worker that
  // bootstrapped would create a token nobody ever sees (and the API process would then skip it).
  const bootstrap = config.bootstrap && servesApi ? await bootstrapIfEmpty(deps) : null;

  let app: FastifyInstance | null = null;
  let url: string | null = null;
  let linkBase: string | null = null;
  if (servesApi) {
    app = await buildApp(deps);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/api/v1`;
    linkBase = publicBase(config, port);
  } else if (config.metrics) {
    // A worker has no API, but its metrics (the webhook attempts it made, its database use) are its own:
    // it serves them, and the health check, on PORT.
    app = await buildWorkerApp(deps);
    await app.listen({ port: config.port, host: config.host });
  }
  const workers = role === 'all' || role === 'worker' ? startWorkers(deps) : null;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      deps.lifecycle.shuttingDown = true;
      const closeHttp = async () => {
        if (!app) return;
        // Requests in flight get up to 10 s; then their connections are closed.
        const force = setTimeout(() => app?.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        force.unref();
        await app.close();
        clearTimeout(force);
      };
      // The workers stop while HTTP closes, not after it: their jobs get a short grace to finish, the
      // rest go back to the queue at once, for another worker to take (a supervisor's kill that comes
      // before that leaves them leased for one lease, and counted as interrupted).
      await Promise.all([closeHttp(), workers?.stop()]);
      await deps.stop();
      logger.info('stopped');
    })());
  return { deps, app, workers, url, linkBase, bootstrap, stop };
}
