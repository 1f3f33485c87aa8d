// The services a command works with, built the same way the composition root builds them (the channel
// set-up services are loaded by their own commands: the rest of the CLI needs none of the channels
// capability's code). A command gets the ones it names from withDatabase (with-database.ts), which loads
// them when the command runs; commandServices builds all of them at once over a database, as the tests
// use them.
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { Notifications } from '../db/notifications.js';
import { createAccountsService, type AccountsService } from '../modules/accounts/index.js';
import {
  chatbotIdsOfAccount,
  createChatbotsService,
  type ChatbotsService,
} from '../modules/chatbots/index.js';
import { createPeopleService, type PeopleService } from '../modules/people/index.js';

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
export function commandServices(
  config: Config,
  db: Db,
  clock: Clock,
  notifications?: Pick<Notifications, 'publish'>,
): CommandContext {
  const accounts = createAccountsService({
    db,
    clock,
    notifications,
    chatbotIdsOfAccount: (accountId, chatbotIds) => chatbotIdsOfAccount(db, accountId, chatbotIds),
  });
  const chatbots = createChatbotsService({ db, clock, accounts });
  return {
    config,
    db,
    clock,
    accounts,
    chatbots,
    people: createPeopleService({ db, clock, config, notifications }),
  };
}
