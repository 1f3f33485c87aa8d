// The webhooks capability: endpoint API, fan-out of outbox events, signed delivery with retries and
// switch-off, and the 30-day retention of the delivery record.
import type { Capability } from '../../core.js';
import { deliverJob, deliveriesRetention, dispatchJob } from './webhooks.jobs.js';
import { webhookRoutes, type WebhooksRoutesDeps } from './webhooks.routes.js';
import type { WebhooksDeps as WebhooksServiceDeps } from './webhooks.service.js';

export { createWebhooksRuntime, type WebhookRuntime } from './webhooks.runtime.js';
export { createWebhooksService, type WebhooksService } from './webhooks.service.js';
// For `chatbot-ops webhooks listen`: the outbox read and a delivery's exact signature and headers.
export { USER_AGENT } from './delivery.js';
export { newWebhookSecret, signatureHeader } from './signature.js';
export { listEventsFrom } from '../../events/events.repository.js';

export type WebhooksDeps = WebhooksServiceDeps & WebhooksRoutesDeps;

export const webhooksCapability: Capability<WebhooksDeps> = {
  name: 'webhooks',
  routes: webhookRoutes,
  jobs: (deps) => [dispatchJob(deps), deliverJob(deps)],
  retention: (deps) => [deliveriesRetention(deps)],
};
