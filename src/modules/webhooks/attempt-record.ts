// What an attempt leaves behind: the delivery record, the endpoint's lastDeliveryAt / lastStatusCode, its
// failure streak and, when it comes to that, its switch-off; and for a failed automatic attempt, the next one.
import type { Core } from '../../core.js';
import type { Executor, Trx } from '../../db/database.js';
import type { JobPayload } from '../../jobs/job-types.js';
import { dropQueued, enqueue } from '../../jobs/queue.js';
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
 * Applies an attempt to its endpoint in the given transaction and returns the delivery record to write.
 * Automatic attempts move the failure streak and may switch the endpoint off (WEBHOOK_DISABLE_AFTER
 * failures in a row, or a private address), dropping its queued deliveries; a failed one that leaves the
 * endpoint on schedules the next attempt in the same transaction, so that no crash can lose it. Test and
 * manual sends only update lastDeliveryAt / lastStatusCode. Null when the endpoint was deleted meanwhile.
 */
async function applyToEndpoint(trx: Trx, deps: RecorderDeps, attempt: AttemptToRecord): Promise<Applied> {
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
  if (!automatic || outcome.delivered || !active) return { recorded: { deliveryId: row.id, active }, row };

  const failures = Number(endpoint.consecutive_failures);
  const disableAfter = deps.disableAfter;
  const reason = outcome.privateAddress
    ? PRIVATE_NETWORK_REASON
    : failures >= disableAfter
      ? streakReason(disableAfter, outcome.error ?? 'unknown error')
      : null;
  if (reason) {
    await repo.switchOff(trx, webhookId, reason);
    await dropQueuedDeliveries(trx, webhookId);
    return { recorded: { deliveryId: row.id, active: false }, row };
  }
  if (attempt.retryAt != null) {
    await scheduleAttempt(
      trx,
      deps.clock.now(),
      { eventId: event.id, webhookId, attempt: attempt.number + 1 },
      attempt.retryAt,
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

/**
 * Records attempts together: applied to their endpoints, then their records in one insert, atomically.
 * An endpoint with an automatic attempt that failed has its attempts applied in order, one by one (each
 * such failure counts toward the switch-off on its own); every other endpoint is updated once, all of them
 * in one statement. Endpoints are independent.
 */
function writeAttempts(deps: RecorderDeps, attempts: AttemptToRecord[]): Promise<(RecordedAttempt | null)[]> {
  const byEndpoint = byEndpointOf(attempts);
  const written = attempts.some(failedAutomatic)
    ? writeOneByOne(deps, attempts, byEndpoint)
    : writeTogether(deps, attempts, byEndpoint);
  return written.then((recorded) => {
    recorded.forEach((entry, index) => entry && deps.onRecorded?.(attempts[index] as AttemptToRecord));
    return recorded;
  });
}

/** No failed automatic attempt: one endpoint update each and every record, in one go (one statement on PostgreSQL). */
async function writeTogether(
  deps: RecorderDeps,
  attempts: AttemptToRecord[],
  byEndpoint: Map<string, number[]>,
): Promise<(RecordedAttempt | null)[]> {
  const updates = [...byEndpoint]
    .map(([webhookId, indexes]) => togetherUpdate(webhookId, attemptsAt(attempts, indexes)))
    .sort(byId);
  const rows = attempts.map(deliveryRow);
  const active = await repo.applyAndRecordTogether(deps.db, updates, rows);
  return rows.map((row) => {
    const isActive = active.get(row.webhook_id);
    // Undefined: the endpoint was deleted meanwhile, nothing recorded.
    return isActive === undefined ? null : { deliveryId: row.id, active: isActive };
  });
}

/** With failed automatic attempts among them, in a transaction. */
function writeOneByOne(
  deps: RecorderDeps,
  attempts: AttemptToRecord[],
  byEndpoint: Map<string, number[]>,
): Promise<(RecordedAttempt | null)[]> {
  return deps.db.transaction().execute(async (trx) => {
    const applied: Applied[] = attempts.map(() => null);
    const together: repo.EndpointUpdate[] = [];
    for (const [webhookId, indexes] of byEndpoint) {
      const ofEndpoint = attemptsAt(attempts, indexes);
      if (ofEndpoint.some(failedAutomatic)) {
        for (const index of indexes)
          applied[index] = await applyToEndpoint(trx, deps, attempts[index] as AttemptToRecord);
      } else {
        together.push(togetherUpdate(webhookId, ofEndpoint));
      }
    }
    if (together.length > 0) {
      const active = await repo.updateEndpointsTogether(trx, together.sort(byId));
      for (const { id } of together) {
        const isActive = active.get(id);
        if (isActive === undefined) continue; // deleted meanwhile: nothing to record
        for (const index of byEndpoint.get(id) ?? []) {
          const row = deliveryRow(attempts[index] as AttemptToRecord);
          applied[index] = { recorded: { deliveryId: row.id, active: isActive }, row };
        }
      }
    }
    const rows = applied.flatMap((entry) => (entry ? [entry.row] : []));
    if (rows.length > 0) await repo.insertDeliveries(trx, rows);
    return applied.map((entry) => entry?.recorded ?? null);
  });
}

const MAX_GROUP = 100;

interface Waiting {
  attempt: AttemptToRecord;
  resolve(recorded: RecordedAttempt | null): void;
  reject(error: unknown): void;
}

/**
 * Records attempts that finish at about the same time in one transaction (group commit): on SQLite the
 * commit costs more than the writes it makes durable, on PostgreSQL it saves round trips. A group is
 * written as soon as the previous one is done; each caller learns its own result once its group commits.
 */
export class AttemptRecorder {
  #waiting: Waiting[] = [];
  #writing = false;

  constructor(private readonly deps: RecorderDeps) {}

  record(attempt: AttemptToRecord): Promise<RecordedAttempt | null> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ attempt, resolve, reject });
      if (!this.#writing) {
        this.#writing = true;
        // Let the attempts finishing in this turn of the event loop join the group.
        setImmediate(() => void this.#writeGroups());
      }
    });
  }

  async #writeGroups(): Promise<void> {
    while (this.#waiting.length > 0) {
      const group = this.#waiting.splice(0, MAX_GROUP);
      try {
        const results = await writeAttempts(
          this.deps,
          group.map((waiting) => waiting.attempt),
        );
        group.forEach((waiting, index) => waiting.resolve(results[index] ?? null));
      } catch {
        // One bad record must not fail the others: each is written again on its own.
        for (const waiting of group) {
          await writeAttempts(this.deps, [waiting.attempt]).then(
            ([recorded]) => waiting.resolve(recorded ?? null),
            waiting.reject,
          );
        }
      }
    }
    this.#writing = false;
  }
}

/** One live job per endpoint, event and attempt; the endpoint's jobs share the prefix `webhook:<id>:`. */
const endpointJobsPrefix = (webhookId: string) => `webhook:${webhookId}:`;
const deliveryJobKey = (payload: JobPayload<'webhooks.deliver'>) =>
  `${endpointJobsPrefix(payload.webhookId)}${payload.eventId}:${payload.attempt}`;

/** Queues one automatic attempt; the key keeps a dispatch that runs twice from queueing it twice. */
export const scheduleAttempt = (
  db: Executor,
  now: number,
  payload: JobPayload<'webhooks.deliver'>,
  runAt: number,
) => enqueue(db, now, 'webhooks.deliver', payload, { runAt, dedupeKey: deliveryJobKey(payload) });

/** Drops the endpoint's waiting deliveries and retries; one already running finds the endpoint off or gone. */
export const dropQueuedDeliveries = (db: Executor, webhookId: string) =>
  dropQueued(db, 'webhooks.deliver', endpointJobsPrefix(webhookId));
