import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// Fewer index entries per delivery, the writes a busy dispatch makes most.
//
// A delivery row (webhook_destinations) costs one index entry, not three. Nearly every row is written once,
// `delivered`, and only ever read again by its event (the key), so:
// - only `pending` rows are indexed by endpoint (the one lookup by endpoint: its pending work, dropped when
//   it is switched off or deleted);
// - the row no longer refers to its endpoint with a foreign key, which would need every row in an index by
//   endpoint. Deleting an endpoint removes its pending rows; its past rows go with their events (retention,
//   or the account's deletion), and nothing reads them by endpoint meanwhile;
// - on SQLite the table is clustered on its key (WITHOUT ROWID): one B-tree where there were two.
//
// The attempt log (webhook_deliveries) is read by event only to number a manual retry: the last automatic
// attempt's number is on the delivery row, so only the attempts a person asked for (test, manual) are
// indexed by event.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table webhook_destinations drop constraint if exists webhook_destinations_webhook_id_fkey`.execute(
      db,
    );
  } else {
    await sql`create table webhook_destinations_lean (
        event_id text not null references events (id) on delete cascade,
        webhook_id text not null,
        state text not null,
        attempts integer not null,
        next_attempt_at integer,
        job_id text,
        created_at integer not null,
        updated_at integer not null,
        constraint webhook_destinations_pk primary key (event_id, webhook_id)
      ) without rowid`.execute(db);
    await sql`insert into webhook_destinations_lean select event_id, webhook_id, state, attempts, next_attempt_at,
        job_id, created_at, updated_at from webhook_destinations`.execute(db);
    await sql`drop table webhook_destinations`.execute(db);
    await sql`alter table webhook_destinations_lean rename to webhook_destinations`.execute(db);
  }
  await sql`drop index if exists webhook_destinations_webhook_state_idx`.execute(db);
  await sql`create index webhook_destinations_pending_idx on webhook_destinations (webhook_id)
    where state = 'pending'`.execute(db);

  await sql`drop index webhook_deliveries_event_idx`.execute(db);
  await sql`create index webhook_deliveries_requested_idx on webhook_deliveries (event_id, webhook_id)
    where trigger <> 'automatic'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index webhook_deliveries_requested_idx`.execute(db);
  await sql`create index webhook_deliveries_event_idx on webhook_deliveries (event_id, webhook_id)`.execute(
    db,
  );

  // Rows of deleted endpoints could not be kept under the foreign key.
  await sql`delete from webhook_destinations
    where not exists (select 1 from webhook_endpoints as w where w.id = webhook_destinations.webhook_id)`.execute(
    db,
  );
  await sql`drop index webhook_destinations_pending_idx`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`alter table webhook_destinations add constraint webhook_destinations_webhook_id_fkey
      foreign key (webhook_id) references webhook_endpoints (id) on delete cascade`.execute(db);
  } else {
    await sql`create table webhook_destinations_rowid (
        event_id text not null references events (id) on delete cascade,
        webhook_id text not null references webhook_endpoints (id) on delete cascade,
        state text not null,
        attempts integer not null,
        next_attempt_at integer,
        job_id text,
        created_at integer not null,
        updated_at integer not null,
        constraint webhook_destinations_pk primary key (event_id, webhook_id)
      )`.execute(db);
    await sql`insert into webhook_destinations_rowid select event_id, webhook_id, state, attempts, next_attempt_at,
        job_id, created_at, updated_at from webhook_destinations`.execute(db);
    await sql`drop table webhook_destinations`.execute(db);
    await sql`alter table webhook_destinations_rowid rename to webhook_destinations`.execute(db);
  }
  await sql`create index webhook_destinations_webhook_state_idx on webhook_destinations (webhook_id, state)`.execute(
    db,
  );
}
