// Opens the configured database for one command, once it is known to exist with every migration run
// (see database.ts: a command never creates or migrates a database), and closes it afterwards.
// Commands get the services they use, built here the same way the composition root builds them (the
// channel set-up services are loaded by their own commands: the rest of the CLI needs none of the
// channels capability's code).
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { createNotifications, type Notifications } from '../db/notifications.js';
import { createLogger } from '../logger.js';
import { createAccountsService, type AccountsService } from '../modules/accounts/index.js';
import { createChatbotsService, type ChatbotsService } from '../modules/chatbots/index.js';
import { createPeopleService, type PeopleService } from '../modules/people/index.js';
import { openReadyDatabase } from './database.js';

export interface CommandContext {
  config: Config;
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  chatbots: ChatbotsService;
  people: PeopleService;
}

/**
 * `notifications` carries what a command ends (sessions, a token) to the running service: on PostgreSQL
 * its open streams end at once; on SQLite they notice at their next periodic check.
 */
export function commandServices(config: Config, db: Db, clock: Clock, notifications?: Pick<Notifications, 'publish'>): CommandContext {
  const accounts = createAccountsService({ db, clock, notifications });
  const chatbots = createChatbotsService({ db, clock, accounts });
  return { config, db, clock, accounts, chatbots, people: createPeopleService({ db, clock, config, notifications }) };
}

export async function withDatabase<T>(run: (context: CommandContext) => Promise<T>): Promise<T> {
  const { config, database } = await openReadyDatabase();
  try {
    const notifications = createNotifications(database, createLogger(config.logLevel));
    return await run(commandServices(config, database.db, systemClock, notifications));
  } finally {
    await database.close();
  }
}
