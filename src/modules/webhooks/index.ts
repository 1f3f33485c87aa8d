// The webhooks capability: endpoint API, fan-out of outbox events, signed delivery with retries and
// switch-off, and the 30-day retention of the delivery record.
import type { Capability } from '../index.js';
import { deliverJob, dispatchJob, retentionTask } from './webhooks.jobs.js';
import { webhookRoutes } from './webhooks.routes.js';

export { DELIVER_JOB } from './webhooks.repository.js';
export { closeWebhookConnections } from './runtime.js';
// For `chatbot-ops webhooks listen`: the outbox read and a delivery's exact signature and headers.
export { USER_AGENT } from './delivery.js';
export { newWebhookSecret, signatureHeader } from './signature.js';
export { listEventsFrom } from './webhooks.repository.js';

export const webhooksCapability: Capability = {
  name: 'webhooks',
  routes: webhookRoutes,
  jobs: (deps) => [dispatchJob(deps), deliverJob(deps)],
  tasks: (deps) => [retentionTask(deps)],
};
