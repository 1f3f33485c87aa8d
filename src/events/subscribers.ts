// Who consumes the outbox's events, declared in one place. A subscriber is a job of the job catalogue
// (src/jobs/job-types.ts) whose payload is the event's id: emit() queues it for every event of a type it
// consumes, in the transaction that writes the event, so that the change, its event and the work the
// event causes commit together. emit() knows no subscriber by name: a new one is a line here (and its
// handler in the capability that owns the job).
import type { JobName, JobPayload } from '../jobs/job-types.js';
import type { EventType } from './types.js';

/** The jobs that can consume an event: those queued with nothing but its id. */
export type EventJob = { [N in JobName]: { eventId: string } extends JobPayload<N> ? N : never }[JobName];

export interface Subscriber {
  job: EventJob;
  /** The event types it consumes: `every` declared type, or a list of them. */
  consumes: 'every' | readonly EventType[];
}

/** In the order their jobs are queued. */
export const SUBSCRIBERS: readonly Subscriber[] = [
  // Webhooks: the event's first attempt at every active endpoint of the account subscribed to its type.
  { job: 'events.dispatch', consumes: 'every' },
  // People: the email of a new escalation to the account's team (when SMTP_URL is set).
  { job: 'notifications.escalation-email', consumes: ['conversation.escalated'] },
];

/** The jobs queued for an event of `type`. */
export const subscribersOf = (type: EventType): EventJob[] =>
  SUBSCRIBERS.filter(
    (subscriber) => subscriber.consumes === 'every' || subscriber.consumes.includes(type),
  ).map((subscriber) => subscriber.job);
