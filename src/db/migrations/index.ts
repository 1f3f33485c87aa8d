// Every migration, in order. A capability adds its own file and one line here.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as jobsAndEvents from './0002_jobs_and_events.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_jobs_and_events': jobsAndEvents,
};
