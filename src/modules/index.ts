// Every capability, registered once: its routes (under /api/v1), its background jobs and periodic tasks.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import { idempotencyCapability } from '../http/idempotency.js';
import type { JobDefinition } from '../jobs/catalog.js';
import type { PeriodicTask } from '../jobs/scheduler.js';
import { channelsCapability } from './channels/index.js';
import { chatbotRoutes } from './chatbots/chatbots.routes.js';
import { conversationsCapability } from './conversations/index.js';
import { healthRoutes } from './health/health.routes.js';
import { knowledgeCapability } from './knowledge/index.js';
import { leadsCapability } from './leads/index.js';
import { webhooksCapability } from './webhooks/index.js';

export interface Capability {
  name: string;
  routes?(api: FastifyInstance, deps: AppDeps): Promise<void>;
  /** Routes outside /api/v1, not enveloped (e.g. GET /widget.js). */
  rootRoutes?(app: FastifyInstance, deps: AppDeps): Promise<void>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  jobs?(deps: AppDeps): JobDefinition<any>[];
  tasks?(deps: AppDeps): PeriodicTask[];
}

export const capabilities: Capability[] = [
  // First: its hooks serve every route that declares `config: { idempotent: true }`.
  idempotencyCapability,
  { name: 'health', routes: healthRoutes },
  { name: 'chatbots', routes: chatbotRoutes },
  knowledgeCapability,
  webhooksCapability,
  conversationsCapability,
  leadsCapability,
  channelsCapability,
];
