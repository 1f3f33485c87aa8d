// emit(): writes an event to the outbox in the caller's transaction, with its webhook body frozen, and
// enqueues its dispatch to the account's webhook endpoints in the same transaction. A crash can
// therefore never lose an event: either the change and its event commit together, or neither does.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/database.js';
import { iso } from '../lib/clock.js';
import { enqueue } from '../jobs/queue.js';
import './events.table.js';

export const EVENT_TYPES = ['conversation.escalated', 'conversation.resolved', 'lead.captured', 'knowledge.synced'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventBody {
  id: string;
  type: string;
  createdAt: string;
  data: unknown;
}

export const newEventId = (): string => `evt_${randomBytes(16).toString('hex')}`;

export async function emit(trx: Executor, now: number, accountId: string, type: EventType, data: unknown): Promise<EventBody> {
  const body: EventBody = { id: newEventId(), type, createdAt: iso(now), data };
  await trx.insertInto('events').values({ id: body.id, account_id: accountId, type, body: JSON.stringify(body), created_at: now }).execute();
  await enqueue(trx, now, 'events.dispatch', { eventId: body.id });
  // A new escalation also reaches the team by email, through a job of its own in the same transaction.
  if (type === 'conversation.escalated') await enqueue(trx, now, 'notifications.escalation-email', { eventId: body.id });
  return body;
}
