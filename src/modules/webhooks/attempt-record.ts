// What an attempt leaves behind: the delivery record, the endpoint's lastDeliveryAt / lastStatusCode, its
// failure streak and, when it comes to that, its switch-off; for an automatic attempt, where its event's
// delivery to the endpoint stands (delivered, pending with its next attempt queued, or failed).
import type { Core } from '../../core.js';
import type { Executor } from '../../db/database.js';
import type { JobPayload } from '../../jobs/job-types.js';
import { dropQueuedJobs, enqueue } from '../../jobs/queue.js';
import { Batcher } from '../../lib/batcher.js';
import { newId } from '../../lib/ids.js';
import { PRIVATE_NETWORK_REASON, type AttemptOutcome } from './delivery.js';
import * as repo from './webhooks.repository.js';
import type { DeliveryTrigger, WebhookDeliveryRow } from './webhooks.table.js';

export { PRIVATE_NETWORK_REASON };

export interface RecorderDeps extends Pick<Core, 'db' | 'clock'> {
  /** WEBHOOK_DISABLE_AFTER: failed automatic attempts in a row that switch an endpoint off. */
  disableAfter: number;
  /** Told of every attempt once its record is written (the metrics count them). */
  onRecorded?(attempt: AttemptToRecord): void;
}

export const streakReason = (failures: number, lastCause: string) =>
  `${failures} consecutive failed deliveries; last: ${lastCause}`;

export interface RecordedAttempt {
  deliveryId: string;
  /** The endpoint is still active after this attempt (false: switched off now or before). */
  active: boolean;
}

export interface AttemptToRecord {
  webhookId: string;
  event: { id: string; type: string };
  /** Attempts of this event at this endpoint so far, this one included. */
  number: number;
  trigger: DeliveryTrigger;
  outcome: AttemptOutcome;
  /** Automatic attempts: when to try again if this one failed and the endpoint stays on; null: never. */
  retryAt?: number | null;
}

/**
 * Applies an attempt that may move its endpoint's failure streak (an endpoint with a failed automatic
 * attempt in the group), in the given transaction, and returns the record to write. Automatic attempts
 * move the streak and may switch the endpoint off (WEBHOOK_DISABLE_AFTER failures in a row, or a private
 * address), which drops its pending deliveries; a failed one that leaves the endpoint on queues the next
 * attempt in the same transaction, so that no crash can lose it; either way the delivery's row moves. Test
 * and manual sends only update lastDeliveryAt / lastStatusCode. Null when the endpoint was deleted meanwhile.
 */
async function applyStepwise(trx: Executor, deps: RecorderDeps, attempt: AttemptToRecord): Promise<Applied> {
  const { webhookId, event, outcome, trigger } = attempt;
  const automatic = trigger === 'automatic';
  const endpoint = await repo.updateAfterAttempt(trx, webhookId, {
    sent: !outcome.privateAddress,
    at: outcome.at,
    statusCode: outcome.statusCode,
    streak: !automatic ? 'keep' : outcome.delivered ? 'reset' : 'increment',
  });
  if (!endpoint) return null;
  const row = deliveryRow(attempt);
  const active = endpoint.active;
  if (!automatic) return { recorded: { deliveryId: row.id, active }, row };
  const now = deps.clock.now();
  const moved = (state: repo.DestinationUpdate['state'], next: { at: number; jobId: string } | null) =>
    repo.upsertDestinations(trx, [
      {
        event_id: event.id,
        webhook_id: webhookId,
        state,
        attempts: attempt.number,
        next_attempt_at: next?.at ?? null,
        job_id: next?.jobId ?? null,
        at: now,
      },
    ]);
  if (outcome.delivered || !active) {
    await moved(outcome.delivered ? 'delivered' : 'failed', null);
    return { recorded: { deliveryId: row.id, active }, row };
  }

  const failures = Number(endpoint.consecutive_failures);
  const disableAfter = deps.disableAfter;
  const reason = outcome.privateAddress
    ? PRIVATE_NETWORK_REASON
    : failures >= disableAfter
      ? streakReason(disableAfter, outcome.error ?? 'unknown error')
      : null;
  if (reason) {
    await repo.switchOff(trx, webhookId, reason);
    await moved('failed', null);
    await dropPendingDeliveries(trx, webhookId, now);
    return { recorded: { deliveryId: row.id, active: false }, row };
  }
  if (attempt.retryAt == null) {
    await moved('failed', null);
  } else {
    // The job's id is written on the row first: the job is queued only if the row moved (an attempt
    // made twice, after a crash, queues its next one once).
    const jobId = newId();
    if ((await moved('pending', { at: attempt.retryAt, jobId })) > 0)
      await queueAttempt(
        trx,
        now,
        { eventId: event.id, webhookId, attempt: attempt.number + 1 },
        attempt.retryAt,
        jobId,
      );
  }
  return { recorded: { deliveryId: row.id, active }, row };
}

function deliveryRow({ webhookId, event, number, trigger, outcome }: AttemptToRecord): WebhookDeliveryRow {
  return {
    id: newId(),
    webhook_id: webhookId,
    event_id: event.id,
    event_type: event.type,
    attempt: number,
    trigger,
    delivered: outcome.delivered,
    status_code: outcome.statusCode,
    error: outcome.error,
    duration_ms: outcome.durationMs,
    created_at: outcome.at,
  };
}

/** An automatic attempt that failed: it moves the streak up, and may switch the endpoint off or schedule a retry. */
const failedAutomatic = (attempt: AttemptToRecord) =>
  attempt.trigger === 'automatic' && !attempt.outcome.delivered;

/**
 * What attempts at one endpoint none of which failed automatically leave on it, as applying them one by one
 * would: lastDeliveryAt / lastStatusCode of the last one sent, the streak reset if any was automatic (a
 * success), and no switch-off, which only a failure can cause.
 */
function togetherUpdate(webhookId: string, attempts: AttemptToRecord[]): repo.EndpointUpdate {
  const lastSent = attempts.findLast((attempt) => !attempt.outcome.privateAddress);
  return {
    id: webhookId,
    sent: lastSent !== undefined,
    at: lastSent?.outcome.at ?? 0,
    status_code: lastSent?.outcome.statusCode ?? null,
    reset: attempts.some((attempt) => attempt.trigger === 'automatic'),
  };
}

type Applied = { recorded: RecordedAttempt; row: WebhookDeliveryRow } | null;

/** Indexes of the attempts per endpoint, in order. */
function byEndpointOf(attempts: AttemptToRecord[]): Map<string, number[]> {
  const byEndpoint = new Map<string, number[]>();
  attempts.forEach((attempt, index) => {
    const indexes = byEndpoint.get(attempt.webhookId);
    if (indexes) indexes.push(index);
    else byEndpoint.set(attempt.webhookId, [index]);
  });
  return byEndpoint;
}

const attemptsAt = (attempts: AttemptToRecord[], indexes: number[]) =>
  indexes.map((index) => attempts[index] as AttemptToRecord);

/** In id order, so that concurrent groups lock the rows they share in the same order. */
const byId = (a: repo.EndpointUpdate, b: repo.EndpointUpdate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The deliveries that successful automatic attempts finish: one per event and endpoint, the latest attempt. */
function deliveredBy(attempts: AttemptToRecord[], at: number): repo.DestinationUpdate[] {
  const latest = new Map<string, repo.DestinationUpdate>();
  for (const { webhookId, event, number, trigger, outcome } of attempts) {
    if (trigger !== 'automatic' || !outcome.delivered) continue;
    const key = `${event.id} ${webhookId}`;
    const known = latest.get(key);
    if (known && known.attempts >= number) continue;
    latest.set(key, {
      event_id: event.id,
      webhook_id: webhookId,
      state: 'delivered',
      attempts: number,
      next_attempt_at: null,
      job_id: null,
      at,
    });
  }
  return [...latest.values()];
}

/**
 * Records attempts together, atomically, in one way whatever they are. An endpoint with an automatic
 * attempt that failed has its attempts applied in order, one by one (each such failure counts toward the
 * switch-off on its own, and may queue a retry); then one write (one statement on PostgreSQL) updates every
 * other endpoint once (lastDeliveryAt / lastStatusCode of its last attempt sent, the streak reset if any
 * was automatic: a success, no switch-off, which only a failure causes), and adds every record and the
 * deliveries their successes finish. Endpoints are independent. When no attempt failed automatically (the
 * usual case) there is nothing to apply one by one, and the write runs alone, without a transaction of its own
 * on PostgreSQL.
 */
async function writeAttempts(
  deps: RecorderDeps,
  attempts: AttemptToRecord[],
): Promise<(RecordedAttempt | null)[]> {
  const byEndpoint = byEndpointOf(attempts);
  const write = async (db: Executor) => {
    const applied: Applied[] = attempts.map(() => null);
    const updates: repo.EndpointUpdate[] = [];
    const together: AttemptToRecord[] = [];
    const stepwise = new Set<string>();
    for (const [webhookId, indexes] of byEndpoint) {
      const ofEndpoint = attemptsAt(attempts, indexes);
      if (ofEndpoint.some(failedAutomatic)) {
        stepwise.add(webhookId);
        for (const index of indexes)
          applied[index] = await applyStepwise(db, deps, attempts[index] as AttemptToRecord);
      } else {
        updates.push(togetherUpdate(webhookId, ofEndpoint));
        together.push(...ofEndpoint);
      }
    }
    // Records of endpoints applied stepwise only when the endpoint was still there; the others' are
    // checked by the write itself.
    const rows = attempts.map((attempt, index) =>
      stepwise.has(attempt.webhookId) ? (applied[index]?.row ?? null) : deliveryRow(attempt),
    );
    const active = await repo.writeGroup(
      db,
      updates.sort(byId),
      rows.filter((row) => row !== null),
      deliveredBy(together, deps.clock.now()),
    );
    return rows.map((row, index): RecordedAttempt | null => {
      if (row === null) return null; // deleted meanwhile: nothing recorded
      const applyResult = applied[index];
      if (applyResult) return applyResult.recorded;
      const isActive = active.get(row.webhook_id);
      // Undefined: the endpoint was deleted before the write: nothing recorded.
      return isActive === undefined ? null : { deliveryId: row.id, active: isActive };
    });
  };
  const recorded = attempts.some(failedAutomatic)
    ? await deps.db.transaction().execute(write)
    : await write(deps.db);
  recorded.forEach((entry, index) => entry && deps.onRecorded?.(attempts[index] as AttemptToRecord));
  return recorded;
}

const MAX_GROUP = 100;

/**
 * Records attempts that finish at about the same time in one transaction (group commit): on SQLite the
 * commit costs more than the writes it makes durable, on PostgreSQL it saves round trips. A group is
 * written as soon as the previous one is done; each caller learns its own result once its group commits,
 * and a group that fails is written again one attempt at a time, so that one bad record fails only itself.
 */
export class AttemptRecorder {
  readonly #groups: Batcher<AttemptToRecord, RecordedAttempt | null>;

  constructor(deps: RecorderDeps) {
    this.#groups = new Batcher({
      maxBatch: MAX_GROUP,
      oneAtATime: true,
      isolateFailures: true,
      run: (attempts) => writeAttempts(deps, attempts),
    });
  }

  record(attempt: AttemptToRecord): Promise<RecordedAttempt | null> {
    return this.#groups.add(attempt);
  }
}

/** Queues the job that makes one automatic attempt, under the id its delivery's row names. */
const queueAttempt = (
  db: Executor,
  now: number,
  payload: JobPayload<'webhooks.deliver'>,
  runAt: number,
  jobId: string,
) => enqueue(db, now, 'webhooks.deliver', payload, { runAt, id: jobId });

/**
 * A first attempt its endpoint was too busy to take at once: the delivery becomes pending, with the job
 * that makes the attempt, in one transaction. Nothing is queued when the delivery exists already (a
 * dispatch that ran twice).
 */
export const queueFirstAttempt = (
  deps: Pick<Core, 'db' | 'clock'>,
  target: { eventId: string; webhookId: string },
  runAt: number,
) =>
  deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const jobId = newId();
    const { eventId, webhookId } = target;
    const inserted = await repo.insertPendingDestination(trx, {
      event_id: eventId,
      webhook_id: webhookId,
      next_attempt_at: runAt,
      job_id: jobId,
      at: now,
    });
    if (inserted) await queueAttempt(trx, now, { eventId, webhookId, attempt: 1 }, runAt, jobId);
  });

/**
 * The endpoint's pending deliveries fail and their queued jobs go; a job already running finds the
 * endpoint off or gone.
 */
export async function dropPendingDeliveries(db: Executor, webhookId: string, now: number): Promise<void> {
  await dropQueuedJobs(db, await repo.failPendingOfEndpoint(db, webhookId, now));
}

/** Deleting the endpoint: its pending deliveries and their queued jobs go. */
export async function removePendingDeliveries(db: Executor, webhookId: string): Promise<void> {
  await dropQueuedJobs(db, await repo.removePendingOfEndpoint(db, webhookId));
}
