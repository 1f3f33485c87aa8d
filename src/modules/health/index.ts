// The health check: whether the service and its database answer.
import type { Capability } from '../../core.js';
import { healthRoutes, type HealthDeps } from './health.routes.js';

export const healthCapability: Capability<HealthDeps> = { name: 'health', routes: healthRoutes };
