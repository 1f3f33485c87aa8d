// Opens the configured database for one command, once it is known to exist with every migration run
// (see database.ts: a command never creates or migrates a database), with the services the command names,
// and closes it afterwards.
//
// Everything here is loaded when a command runs, not when the command line starts: the database layer and
// the capabilities' services take about a second to load, and `--version`, `--help` or another command need
// none of it. The command files import this module, never context.ts or database.ts, so that starting the
// command line loads commander and the command declarations only (test/cli-start.test.ts checks it); and a
// command loads the services it names only (`accounts list` none of the people capability's code).
import { systemClock } from '../lib/clock.js';
import type { CommandContext } from './context.js';

/** The services a command may name. */
export type ServiceName = 'accounts' | 'chatbots' | 'people';
/** What a command gets: the configuration, the database and the clock, and the services it named. */
export type CommandScope<K extends ServiceName> = Pick<CommandContext, 'config' | 'db' | 'clock' | K>;

export async function withDatabase<K extends ServiceName, T>(
  services: readonly K[],
  run: (context: CommandScope<K>) => Promise<T>,
): Promise<T> {
  const named = new Set<ServiceName>(services);
  const [{ openReadyDatabase }, { createNotifications }, { createLogger }, accounts, chatbots, people] =
    await Promise.all([
      import('./database.js'),
      import('../db/notifications.js'),
      import('../logger.js'),
      // The chatbots service checks the account through the accounts service.
      named.has('accounts') || named.has('chatbots') ? import('../modules/accounts/index.js') : null,
      named.has('chatbots') ? import('../modules/chatbots/index.js') : null,
      named.has('people') ? import('../modules/people/index.js') : null,
    ]);
  const { config, database } = await openReadyDatabase();
  try {
    const { db } = database;
    const clock = systemClock;
    // The services are built as commandServices (context.ts) builds them; `notifications` carries what a
    // command ends (sessions, a token) to the running service.
    const notifications = createNotifications(database, createLogger(config.logLevel));
    const context: Partial<CommandContext> = { config, db, clock };
    if (accounts)
      context.accounts = accounts.createAccountsService({
        db,
        clock,
        notifications,
        // Loaded only when a token restricted to chatbots is made.
        chatbotIdsOfAccount: async (accountId, chatbotIds) =>
          (await import('../modules/chatbots/index.js')).chatbotIdsOfAccount(db, accountId, chatbotIds),
      });
    if (chatbots)
      context.chatbots = chatbots.createChatbotsService({ db, clock, accounts: context.accounts! });
    if (people) context.people = people.createPeopleService({ db, clock, config, notifications });
    return await run(context as CommandScope<K>);
  } finally {
    await database.close();
  }
}
