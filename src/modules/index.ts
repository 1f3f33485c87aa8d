// Every capability, registered once: its routes (under /api/v1), its background jobs and periodic tasks.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import type { JobDefinition } from '../jobs/catalog.js';
import type { PeriodicTask } from '../jobs/scheduler.js';
import { chatbotRoutes } from './chatbots/chatbots.routes.js';
import { healthRoutes } from './health/health.routes.js';

export interface Capability {
  name: string;
  routes?(api: FastifyInstance, deps: AppDeps): Promise<void>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  jobs?(deps: AppDeps): JobDefinition<any>[];
  tasks?(deps: AppDeps): PeriodicTask[];
}

export const capabilities: Capability[] = [
  { name: 'health', routes: healthRoutes },
  { name: 'chatbots', routes: chatbotRoutes },
];
