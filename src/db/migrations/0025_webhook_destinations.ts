import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf, jsonField } from '../dialect.js';

// A row per delivery of an event to an endpoint (webhook_destinations: its state, next attempt and attempts
// so far, beside the record of each attempt), and the event a job works for in a column of its own
// (jobs.event_id), so that dropping an endpoint's pending work, event retention and a dispatch that runs
// again read columns and indexes instead of job keys and payloads.
//
// On upgrade: every job's event is copied out of its payload; the automatic deliveries on record become
// rows (delivered when an attempt succeeded, failed otherwise); and each delivery still queued (or
// running) as a job becomes a pending row that refers to that job, which runs as before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('jobs').addColumn('event_id', t.text).execute();
  await db
    .updateTable('jobs')
    .set({ event_id: jsonField(db, 'payload', 'eventId') })
    .where(jsonField(db, 'payload', 'eventId'), 'is not', null)
    .execute();
  // Event retention: is any work left for this event?
  await db.schema.createIndex('jobs_event_idx').on('jobs').column('event_id').execute();

  await db.schema
    .createTable('webhook_destinations')
    .addColumn('event_id', t.text, (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('webhook_id', t.id, (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('state', t.text, (c) => c.notNull())
    .addColumn('attempts', t.integer, (c) => c.notNull())
    .addColumn('next_attempt_at', t.timestamp)
    .addColumn('job_id', t.id)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    // The dispatch reads an event's rows; retention removes them with their event.
    .addPrimaryKeyConstraint('webhook_destinations_pk', ['event_id', 'webhook_id'])
    .execute();
  // An endpoint's pending deliveries (dropped when it is switched off or deleted).
  await db.schema
    .createIndex('webhook_destinations_webhook_state_idx')
    .on('webhook_destinations')
    .columns(['webhook_id', 'state'])
    .execute();

  // Past automatic deliveries whose event is still kept.
  await sql`insert into webhook_destinations
      (event_id, webhook_id, state, attempts, next_attempt_at, job_id, created_at, updated_at)
    select d.event_id, d.webhook_id,
      case when max(case when d.delivered then 1 else 0 end) = 1 then 'delivered' else 'failed' end,
      max(d.attempt), null, null, min(d.created_at), max(d.created_at)
    from webhook_deliveries as d
    where d.trigger = 'automatic' and exists (select 1 from events as e where e.id = d.event_id)
    group by d.event_id, d.webhook_id`.execute(db);

  // Deliveries still waiting as jobs: pending rows that refer to them. Their job keys are of no use any more.
  const waiting: { id: string; payload: string; run_at: number | string; created_at: number | string }[] =
    await db
      .selectFrom('jobs')
      .select(['id', 'payload', 'run_at', 'created_at'])
      .where('type', '=', 'webhooks.deliver')
      .where('status', 'in', ['queued', 'running'])
      .execute();
  for (const job of waiting) {
    const payload = parsePayload(job.payload);
    if (!payload) continue; // the worker refuses it, as before
    const { eventId, webhookId, attempt } = payload;
    const known = await db
      .selectFrom('events')
      .select('id')
      .where('id', '=', eventId)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('webhook_endpoints').select('id').where('id', '=', webhookId)),
      )
      .executeTakeFirst();
    if (!known) continue; // the event or the endpoint is gone: the job ends without sending
    const pending = {
      state: 'pending',
      attempts: Math.max(0, attempt - 1),
      next_attempt_at: Number(job.run_at),
      job_id: job.id,
      updated_at: Number(job.created_at),
    };
    await db
      .insertInto('webhook_destinations')
      .values({ event_id: eventId, webhook_id: webhookId, created_at: Number(job.created_at), ...pending })
      .onConflict((oc) => oc.columns(['event_id', 'webhook_id']).doUpdateSet(pending))
      .execute();
    await db.updateTable('jobs').set({ dedupe_key: null }).where('id', '=', job.id).execute();
  }
}

function parsePayload(text: string): { eventId: string; webhookId: string; attempt: number } | null {
  try {
    const value = JSON.parse(text) as { eventId?: unknown; webhookId?: unknown; attempt?: unknown };
    const { eventId, webhookId, attempt } = value;
    if (typeof eventId !== 'string' || typeof webhookId !== 'string') return null;
    if (typeof attempt !== 'number' || !Number.isInteger(attempt) || attempt < 1) return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(webhookId)) return null;
    return { eventId, webhookId, attempt };
  } catch {
    return null;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_destinations').execute();
  await db.schema.dropIndex('jobs_event_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('event_id').execute();
}
