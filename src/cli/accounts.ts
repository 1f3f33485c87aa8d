import type { Command } from 'commander';
import { iso } from '../lib/clock.js';
import { parseScopes } from '../modules/accounts/index.js';
import { withDatabase } from './context.js';
import { print, type Output } from './output.js';

const presentAccount = (a: { id: string; name: string; subscription_status: string; created_at: number }) => ({
  id: a.id,
  name: a.name,
  subscriptionStatus: a.subscription_status,
  createdAt: iso(a.created_at),
});

function subscription(value: string): 'active' | 'inactive' {
  if (value !== 'active' && value !== 'inactive') throw new Error(`subscription must be active or inactive, not "${value}"`);
  return value;
}

export function registerAccountCommands(program: Command, output: () => Output): void {
  const accountCommands = program.command('accounts').description('create accounts and set their subscription');
  accountCommands
    .command('create')
    .requiredOption('--name <name>', 'account name')
    .option('--subscription <status>', 'active or inactive', 'active')
    .action((options: { name: string; subscription: string }) =>
      withDatabase(async ({ accounts }) => {
        const account = presentAccount(await accounts.createAccount({ name: options.name, subscription: subscription(options.subscription) }));
        print(output(), account, `account ${account.id} "${account.name}" (${account.subscriptionStatus})`);
      }),
    );
  accountCommands
    .command('subscription <accountId> <status>')
    .description('set the subscription to active or inactive')
    .action((accountId: string, status: string) =>
      withDatabase(async ({ accounts }) => {
        const account = presentAccount(await accounts.setAccountSubscription(accountId, subscription(status)));
        print(output(), account, `account ${account.id} subscription is now ${account.subscriptionStatus}`);
      }),
    );

  program
    .command('users')
    .description('team members')
    .command('create')
    .requiredOption('--account <accountId>', 'account id')
    .requiredOption('--name <fullName>', 'full name; visitors see the first name')
    .requiredOption('--email <email>', 'email address')
    .action((options: { account: string; name: string; email: string }) =>
      withDatabase(async ({ accounts }) => {
        const user = await accounts.createUser({ accountId: options.account, name: options.name, email: options.email });
        print(output(), { id: user.id, accountId: user.account_id, name: user.name, email: user.email }, `user ${user.id} ${user.name} <${user.email}>`);
      }),
    );

  const chatbots = program.commands.find((c) => c.name() === 'chatbots') ?? program.command('chatbots').description('chatbots');
  chatbots
    .command('create')
    .requiredOption('--account <accountId>', 'account id')
    .requiredOption('--name <name>', 'chatbot name')
    .action((options: { account: string; name: string }) =>
      withDatabase(async ({ chatbots }) => {
        const chatbot = await chatbots.createChatbot({ accountId: options.account, name: options.name });
        print(
          output(),
          { id: chatbot.id, accountId: chatbot.account_id, name: chatbot.name, createdAt: iso(chatbot.created_at) },
          `chatbot ${chatbot.id} "${chatbot.name}"`,
        );
      }),
    );

  const tokens = program.command('tokens').description('access tokens');
  tokens
    .command('create')
    .requiredOption('--user <userId>', 'the team member the token acts as')
    .option('--scopes <list>', 'comma-separated permissions, or all', 'all')
    .option('--chatbots <ids>', 'comma-separated chatbot ids the token may see (default: all)')
    .option('--expires-in-days <n>', 'days until the token expires')
    .option('--name <name>', 'a label for the token')
    .action((options: { user: string; scopes: string; chatbots?: string; expiresInDays?: string; name?: string }) =>
      withDatabase(async ({ accounts }) => {
        const days = options.expiresInDays === undefined ? null : Number(options.expiresInDays);
        if (days !== null && !(Number.isFinite(days) && days > 0)) throw new Error('--expires-in-days must be a positive number');
        const chatbotIds = options.chatbots ? options.chatbots.split(',').map((s) => s.trim()).filter(Boolean) : null;
        const token = await accounts.createToken({ userId: options.user, scopes: parseScopes(options.scopes), chatbotIds, expiresInDays: days, name: options.name ?? null });
        const expiresAt = token.expiresAt === null ? null : iso(token.expiresAt);
        print(
          output(),
          { id: token.id, token: token.token, scopes: token.scopes, chatbotIds: token.chatbotIds, expiresAt },
          `token ${token.id}: ${token.token}\n(shown only this once; it expires ${expiresAt ?? 'never'})`,
        );
      }),
    );
  tokens.command('revoke <tokenId>').action((tokenId: string) =>
    withDatabase(async ({ accounts }) => {
      await accounts.revokeToken(tokenId);
      print(output(), { id: tokenId, revoked: true }, `token ${tokenId} revoked`);
    }),
  );
}
