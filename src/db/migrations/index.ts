// Every migration, in order. A capability adds its own file and one line here.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};
