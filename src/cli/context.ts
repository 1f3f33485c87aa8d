// Opens the configured database for one command, with migrations applied, and closes it afterwards.
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { openDatabase } from '../db/connect.js';

export interface CommandContext {
  config: Config;
  db: Db;
  clock: Clock;
}

export async function withDatabase<T>(run: (context: CommandContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    return await run({ config, db: database.db, clock: systemClock });
  } finally {
    await database.close();
  }
}
