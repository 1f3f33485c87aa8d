// The shared services every capability may be given, and the shape of a capability. The composition
// root (deps.ts) builds each of them once; a module names the part it needs (`Pick<Core, 'db' | 'clock'>`)
// and never imports the root, so the dependency graph has no cycle.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { Db } from './db/database.js';
import type { Notifications } from './db/notifications.js';
import type { Paginator } from './http/pagination.js';
import type { AnyJobHandler } from './jobs/catalog.js';
import type { RetentionRule } from './jobs/retention.js';
import type { PeriodicTask } from './jobs/scheduler.js';
import type { Clock } from './lib/clock.js';
import type { Metrics, ScrapeGauge } from './metrics.js';
import type { OutboundGuard } from './net/outbound-guard.js';

export interface Core {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  clock: Clock;
  logger: Logger;
  paginator: Paginator;
  /** Database notifications (LISTEN/NOTIFY on PostgreSQL): one LISTEN connection per process. */
  notifications: Notifications;
  /** The one private-network guard: every outbound request (crawling, webhooks, channels) is checked by it. */
  outbound: OutboundGuard;
  /** This process's Prometheus metrics (served when METRICS=true). */
  metrics: Metrics;
  /** Set when a graceful shutdown has begun: new requests get 503. */
  lifecycle: { shuttingDown: boolean };
}

/**
 * What a capability adds to the service, each part given the capability's own dependencies `D`: routes
 * under /api/v1, routes outside it, background jobs, periodic tasks, gauges for the metrics and retention rules.
 */
export interface Capability<D> {
  name: string;
  routes?(api: FastifyInstance, deps: D): Promise<void>;
  /** Routes outside /api/v1, not enveloped (e.g. GET /widget.js). */
  rootRoutes?(app: FastifyInstance, deps: D): Promise<void>;
  /** Handlers of jobs the job catalogue (jobs/job-types.ts) declares; the catalogue gives their policy. */
  jobs?(deps: D): AnyJobHandler[];
  tasks?(deps: D): PeriodicTask[];
  /** Gauges of the capability's state, read from the database when the metrics are scraped. */
  gauges?(deps: D): ScrapeGauge[];
  /** Rows the capability keeps only for a while: the retention task removes them in small batches. */
  retention?(deps: D): RetentionRule[];
}

/** A capability bound to its dependencies by the root: what the app and the workers call. */
export interface MountedCapability {
  name: string;
  routes?(api: FastifyInstance): Promise<void>;
  rootRoutes?(app: FastifyInstance): Promise<void>;
  jobs?(): AnyJobHandler[];
  tasks?(): PeriodicTask[];
  gauges?(): ScrapeGauge[];
  retention?(): RetentionRule[];
}

export function mount<D>(capability: Capability<D>, deps: D): MountedCapability {
  const { name, routes, rootRoutes, jobs, tasks, gauges, retention } = capability;
  return {
    name,
    ...(routes ? { routes: (api: FastifyInstance) => routes(api, deps) } : {}),
    ...(rootRoutes ? { rootRoutes: (app: FastifyInstance) => rootRoutes(app, deps) } : {}),
    ...(jobs ? { jobs: () => jobs(deps) } : {}),
    ...(tasks ? { tasks: () => tasks(deps) } : {}),
    ...(gauges ? { gauges: () => gauges(deps) } : {}),
    ...(retention ? { retention: () => retention(deps) } : {}),
  };
}
