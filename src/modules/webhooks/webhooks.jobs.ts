// Background work of the webhooks capability. Both jobs run in the delivery pool (the job catalogue,
// jobs/job-types.ts, puts them there, with their attempts and time limit).
// - events.dispatch (a subscriber of every event: emit() queues it in the transaction of the event): the
//   event's first attempt at every active endpoint of the account subscribed to its type, sent at once and
//   in parallel.
// - webhooks.deliver: one later attempt at one endpoint: a retry after WEBHOOK_RETRY_DELAYS, or a first
//   attempt the endpoint was too busy to take at once. It is the job that the delivery's row
//   (webhook_destinations, pending) names: one job per pending delivery, so the job queue's claims,
//   leases, wake-ups and pools serve deliveries as they serve every other job.
// A failed attempt queues the next one in the transaction that records it. The job queue's lease
// brings a job back if its worker dies, so a crash at any point costs at most a repeated request.
// - The 30-day retention of the delivery record.
import { setMaxListeners } from 'node:events';
import { runLaterAt, type JobHandler } from '../../jobs/catalog.js';
import { DELIVERY_SLOT_WAIT_MS } from '../../jobs/job-types.js';
import type { RetentionRule } from '../../jobs/retention.js';
import { findEvent, type StoredEvent } from '../../events/events.repository.js';
import { queueFirstAttempt } from './attempt-record.js';
import { sendEvent, type AttemptOutcome, type OutgoingEvent } from './delivery.js';
import * as repo from './webhooks.repository.js';
import type { WebhooksDeps } from './webhooks.service.js';
import type { WebhookEndpointRow } from './webhooks.table.js';

export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Where an attempt goes: the endpoint's id, URL and signing secret. */
type Target = Pick<WebhookEndpointRow, 'id' | 'url' | 'secret'>;

/**
 * Waiting for a slot of a busy endpoint. While its requests come back, an attempt waits in memory, first
 * come first served, however long the line: that costs nothing, and sending waiters back to the queue
 * would only add work when the process is busiest. An endpoint whose oldest request has been running
 * for half of WEBHOOK_TIMEOUT (at most 5 s) hangs: the attempt stops waiting and goes back to the queue
 * for later, so that it does not hold a pool slot other endpoints need. (Not sooner: a busy process
 * answers late too, and must not take its own slowness for the receiver's.) The job catalogue bounds the
 * wait (DELIVERY_SLOT_WAIT_MS) so that a job always ends within its time limit.
 */
const hangingAfterMs = (deps: WebhooksDeps) => Math.min(5000, deps.config.webhookTimeoutMs / 2);
const MIN_REQUEUE_MS = 250;

/** ±10 %, so that retries of many deliveries that failed together do not arrive together. */
const withJitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

/** The wait after failed attempt `attempt` (1 = the first try), jittered; null after the last retry. */
export function retryDelayMs(retryDelaysMs: readonly number[], attempt: number): number | null {
  const delay = retryDelaysMs[attempt - 1];
  return delay === undefined ? null : withJitter(delay);
}

export function dispatchJob(deps: WebhooksDeps): JobHandler<'events.dispatch'> {
  return {
    type: 'events.dispatch',
    async run({ eventId }, { signal }) {
      // A dispatch that runs again (after a crash) leaves out the endpoints it already tried.
      const targets = await deps.runtime.dispatchReader.read(eventId);
      if (!targets || targets.endpoints.length === 0) return;
      const { event: outgoing, endpoints } = targets;
      // Each request in flight listens to the job's signal (up to 10 endpoints per account).
      setMaxListeners(endpoints.length + 10, signal);
      const results = await Promise.allSettled(
        endpoints.map((endpoint) => attemptNowOrLater(deps, endpoint, outgoing, signal)),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}

/** A first attempt from the dispatch: sent now, or queued as a job when the endpoint is busy. */
async function attemptNowOrLater(
  deps: WebhooksDeps,
  endpoint: Target,
  event: OutgoingEvent,
  signal: AbortSignal,
): Promise<void> {
  const release = await acquireSlot(deps, endpoint.id, signal);
  if (!release) {
    signal.throwIfAborted();
    await queueFirstAttempt(
      deps,
      { eventId: event.id, webhookId: endpoint.id },
      deps.clock.now() + busyBackoffMs(deps, endpoint.id),
    );
    return;
  }
  await attempt(deps, endpoint, event, 1, signal, release);
}

export function deliverJob(deps: WebhooksDeps): JobHandler<'webhooks.deliver'> {
  return {
    type: 'webhooks.deliver',
    async run(payload, { signal }) {
      const release = await acquireSlot(deps, payload.webhookId, signal);
      if (!release) {
        signal.throwIfAborted();
        return runLaterAt(deps.clock.now() + busyBackoffMs(deps, payload.webhookId));
      }
      let endpoint: WebhookEndpointRow | undefined;
      let event: StoredEvent | undefined;
      try {
        // Read once the slot is ours: an endpoint deleted or switched off while this waited gets nothing.
        endpoint = await repo.findEndpointById(deps.db, payload.webhookId);
        event = endpoint?.active ? await findEvent(deps.db, payload.eventId) : undefined;
      } catch (error) {
        release();
        throw error;
      }
      if (!endpoint?.active || !event) {
        release();
        // Switched off meanwhile (by a process that did not drop this job): the delivery gives up.
        if (endpoint && !endpoint.active)
          await repo.failPendingDestination(deps.db, payload.eventId, payload.webhookId, deps.clock.now());
        return;
      }
      await attempt(
        deps,
        endpoint,
        { id: event.id, type: event.type, body: event.body },
        payload.attempt,
        signal,
        release,
      );
    },
    // Our own errors past the job's allowance (not the receiver's answers, which retries cover): the
    // delivery gives up instead of staying pending for ever.
    onFailedForGood: (trx, { eventId, webhookId }) =>
      repo.failPendingDestination(trx, eventId, webhookId, deps.clock.now()).then(() => undefined),
  };
}

/**
 * One automatic attempt, recorded; a failure schedules the next one while retries are left. The request
 * slot (`release`) is given back as soon as the exchange is over: the slot bounds requests in flight, and
 * the next request to the endpoint need not wait for this one's record to be written (the job still ends
 * only after it is).
 */
async function attempt(
  deps: WebhooksDeps,
  endpoint: Target,
  event: OutgoingEvent,
  number: number,
  signal: AbortSignal,
  release: () => void,
): Promise<void> {
  let outcome: AttemptOutcome;
  try {
    outcome = await sendEvent(deps, endpoint, event, signal);
  } finally {
    release();
  }
  const delay = outcome.delivered ? null : retryDelayMs(deps.config.webhookRetryDelaysMs, number);
  await deps.runtime.recorder.record({
    webhookId: endpoint.id,
    event,
    number,
    trigger: 'automatic',
    outcome,
    retryAt: delay === null ? null : deps.clock.now() + delay,
  });
}

/** A request slot for the endpoint, or null when it hangs, stayed busy too long, or `signal` aborted. */
const acquireSlot = (deps: WebhooksDeps, webhookId: string, signal: AbortSignal) =>
  deps.runtime.limiter.acquire(webhookId, {
    waitMs: DELIVERY_SLOT_WAIT_MS,
    hangingAfterMs: hangingAfterMs(deps),
    signal,
  });

/**
 * How long to leave a busy endpoint alone: about as long as its oldest request has been running. A busy
 * endpoint is tried again soon, a hanging one less and less often, never later than that request's timeout.
 */
function busyBackoffMs(deps: WebhooksDeps, webhookId: string): number {
  const running = deps.runtime.limiter.oldestInFlightMs(webhookId);
  return withJitter(
    Math.min(
      Math.max(MIN_REQUEUE_MS, running),
      Math.max(MIN_REQUEUE_MS, deps.config.webhookTimeoutMs - running),
    ),
  );
}

/** Delivery records past 30 days go, a batch at a time. */
export const deliveriesRetention = (deps: WebhooksDeps): RetentionRule => ({
  name: 'webhook_deliveries',
  removeBatch: (now, limit) => repo.deleteDeliveriesBefore(deps.db, now - DELIVERY_RETENTION_MS, limit),
});
