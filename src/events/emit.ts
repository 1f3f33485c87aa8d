// emit(): writes an event to the outbox in the caller's transaction, with its webhook body frozen, and
// queues the jobs of its subscribers (subscribers.ts: the dispatch to the account's webhook endpoints, and
// whatever else consumes its type) in the same transaction. A crash can therefore never lose an event:
// either the change and its event commit together, or neither does.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.js';
import { iso } from '../lib/clock.js';
import { enqueue } from '../jobs/queue.js';
import { subscribersOf } from './subscribers.js';
import type { EventBody, EventData, EventType } from './types.js';
import './events.table.js';

export type { EventBody, EventData, EventType } from './types.js';

export const newEventId = (): string => `evt_${randomBytes(16).toString('hex')}`;

/** Only a type of the event catalogue compiles, and only with that type's payload. */
export async function emit<T extends EventType>(
  trx: Executor,
  now: number,
  accountId: string,
  type: T,
  data: EventData<T>,
): Promise<EventBody<T>> {
  const body: EventBody<T> = { id: newEventId(), type, createdAt: iso(now), data };
  await trx
    .insertInto('events')
    .values({ id: body.id, account_id: accountId, type, body: JSON.stringify(body), created_at: now })
    .execute();
  for (const job of subscribersOf(type)) await enqueue(trx, now, job, { eventId: body.id });
  return body;
}
