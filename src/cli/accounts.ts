import type { Command } from 'commander';
import { iso, isoOrNull } from '../lib/clock.js';
import { withDatabase } from './with-database.js';
import { print, PUBLIC_URL_NOTE, type Output } from './output.js';

// The people capability's password lengths (PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH), written out: its
// module would load the whole capability for a line of help. test/cli-start.test.ts checks they agree.
const PASSWORD_LENGTHS = '12 to 1024 characters';

const presentAccount = (a: {
  id: string;
  name: string;
  subscription_status: string;
  created_at: number;
}) => ({
  id: a.id,
  name: a.name,
  subscriptionStatus: a.subscription_status,
  createdAt: iso(a.created_at),
});

const presentUser = (u: { id: string; account_id: string; name: string; email: string }) => ({
  id: u.id,
  accountId: u.account_id,
  name: u.name,
  email: u.email,
});

function subscription(value: string): 'active' | 'inactive' {
  if (value !== 'active' && value !== 'inactive')
    throw new Error(`subscription must be active or inactive, not "${value}"`);
  return value;
}

export function registerAccountCommands(program: Command, output: () => Output): void {
  const accountCommands = program
    .command('accounts')
    .description('create and list accounts, set their subscription');
  accountCommands
    .command('create')
    .description('create an account')
    .requiredOption('--name <name>', 'account name')
    .option('--subscription <status>', 'active or inactive', 'active')
    .action((options: { name: string; subscription: string }) =>
      withDatabase(['accounts'], async ({ accounts }) => {
        const account = presentAccount(
          await accounts.createAccount({
            name: options.name,
            subscription: subscription(options.subscription),
          }),
        );
        print(output(), account, `account ${account.id} "${account.name}" (${account.subscriptionStatus})`);
      }),
    );
  accountCommands
    .command('subscription <accountId> <status>')
    .description('set the subscription to active or inactive')
    .action((accountId: string, status: string) =>
      withDatabase(['accounts'], async ({ accounts }) => {
        const account = presentAccount(
          await accounts.setAccountSubscription(accountId, subscription(status)),
        );
        print(output(), account, `account ${account.id} subscription is now ${account.subscriptionStatus}`);
      }),
    );
  accountCommands
    .command('list')
    .description('list every account, newest first ({"accounts": [...]} with --json)')
    .action(() =>
      withDatabase(['accounts'], async ({ accounts }) => {
        const list = (await accounts.listAccounts()).map(presentAccount);
        const lines = list.map(
          (a) => `${a.id}  ${a.subscriptionStatus.padEnd(8)}  created ${a.createdAt}  "${a.name}"`,
        );
        print(output(), { accounts: list }, lines.length ? lines.join('\n') : 'no accounts');
      }),
    );

  const users = program
    .command('users')
    .description('team members: create, list, rename, invite, set a password, disable');
  users
    .command('create')
    .description('add a team member to an account')
    .requiredOption('--account <accountId>', 'account id')
    .requiredOption('--name <fullName>', 'full name; visitors see the first name')
    .requiredOption('--email <email>', 'email address')
    .option(
      '--role <role>',
      "owner, admin or agent (the account's first person is always its owner)",
      'agent',
    )
    .action((options: { account: string; name: string; email: string; role: string }) =>
      withDatabase(['accounts'], async ({ accounts }) => {
        const { isRole } = await import('../modules/accounts/index.js');
        if (!isRole(options.role))
          throw new Error(`role must be owner, admin or agent, not "${options.role}"`);
        const user = await accounts.createUser({
          accountId: options.account,
          name: options.name,
          email: options.email,
          role: options.role,
        });
        print(
          output(),
          { id: user.id, accountId: user.account_id, name: user.name, email: user.email, role: user.role },
          `user ${user.id} ${user.name} <${user.email}> (${user.role})`,
        );
      }),
    );
  users
    .command('list')
    .description('list the team members of an account, newest first ({"users": [...]} with --json)')
    .requiredOption('--account <accountId>', 'account id')
    .action((options: { account: string }) =>
      withDatabase(['accounts'], async ({ accounts }) => {
        const list = (await accounts.listUsers(options.account)).map((u) => ({
          ...presentUser(u),
          createdAt: iso(u.created_at),
        }));
        const lines = list.map((u) => `${u.id}  ${u.name} <${u.email}>  created ${u.createdAt}`);
        print(
          output(),
          { users: list },
          lines.length ? lines.join('\n') : `no users in account ${options.account}`,
        );
      }),
    );
  users
    .command('rename <userId>')
    .description("change a team member's full name (visitors see the first word on replies)")
    .requiredOption('--name <fullName>', 'the new full name')
    .action((userId: string, options: { name: string }) =>
      withDatabase(['accounts'], async ({ accounts }) => {
        const user = presentUser(await accounts.renameUser(userId, options.name));
        print(output(), user, `user ${user.id} is now ${user.name} <${user.email}>`);
      }),
    );

  users
    .command('invite <userId>')
    .description('print a one-time link (valid 72 hours) where the team member sets a password for the inbox')
    .action((userId: string) =>
      withDatabase(['people'], async ({ people, config }) => {
        const { publicBase } = await import('../config.js');
        const invitation = await people.invite(userId);
        const expiresAt = iso(invitation.expiresAt);
        // Without PUBLIC_URL the link is made on this environment's HOST and PORT, which need not be where
        // the service runs (another port, a proxy): say so, on stderr, so that stdout stays the result.
        if (config.publicUrl === null)
          process.stderr.write(`chatbot-ops: note: ${PUBLIC_URL_NOTE(publicBase(config))}\n`);
        print(
          output(),
          { userId: invitation.user.id, email: invitation.user.email, link: invitation.link, expiresAt },
          `invitation for ${invitation.user.name} <${invitation.user.email}>, valid until ${expiresAt} (once):\n${invitation.link}`,
        );
      }),
    );
  users
    .command('set-password <userId>')
    .description(
      `set a team member's inbox password, read from standard input (${PASSWORD_LENGTHS}); their sessions end`,
    )
    .option(
      '--password-stdin',
      'read the password from standard input (required: a password never goes on the command line)',
    )
    .action((userId: string, options: { passwordStdin?: boolean }) =>
      withDatabase(['people'], async ({ people }) => {
        if (!options.passwordStdin)
          throw new Error('give --password-stdin and the password on standard input');
        const password = await readPassword();
        const user = await people.setPassword(userId, password);
        print(
          output(),
          { id: user.id, passwordSet: true },
          `password set for ${user.name} <${user.email}>; their sessions have ended`,
        );
      }),
    );
  users
    .command('disable <userId>')
    .description(
      'switch a team member off: their inbox sessions end and sign-in is refused (revoke their tokens with tokens revoke)',
    )
    .action((userId: string) =>
      withDatabase(['people'], async ({ people }) => {
        const user = await people.disable(userId);
        const disabledAt = iso(user.disabled_at);
        print(
          output(),
          { id: user.id, disabled: true, disabledAt },
          `user ${user.id} ${user.name} is disabled since ${disabledAt}; their sessions have ended`,
        );
      }),
    );

  const chatbots =
    program.commands.find((c) => c.name() === 'chatbots') ??
    program.command('chatbots').description('chatbots');
  chatbots
    .command('create')
    .requiredOption('--account <accountId>', 'account id')
    .requiredOption('--name <name>', 'chatbot name')
    .action((options: { account: string; name: string }) =>
      withDatabase(['chatbots'], async ({ chatbots }) => {
        const chatbot = await chatbots.createChatbot({ accountId: options.account, name: options.name });
        print(
          output(),
          {
            id: chatbot.id,
            accountId: chatbot.account_id,
            name: chatbot.name,
            createdAt: iso(chatbot.created_at),
          },
          `chatbot ${chatbot.id} "${chatbot.name}"`,
        );
      }),
    );

  const tokens = program.command('tokens').description('access tokens: create, list and revoke');
  tokens
    .command('create')
    .description('create a token for a team member; its text is printed this once (only a hash is stored)')
    .option('--user <userId>', 'the team member the token acts as (or --email)')
    .option('--email <email>', "the team member's email, instead of --user")
    .option('--scopes <list>', 'comma-separated permissions, or all', 'all')
    .option('--chatbots <ids>', 'comma-separated chatbot ids the token may see (default: all)')
    .option('--expires-in-days <n>', 'days until the token expires')
    .option('--name <name>', 'a label for the token')
    .action(
      (options: {
        user?: string;
        email?: string;
        scopes: string;
        chatbots?: string;
        expiresInDays?: string;
        name?: string;
      }) =>
        withDatabase(['accounts'], async ({ accounts }) => {
          const { parseScopes } = await import('../modules/accounts/index.js');
          if ((options.user === undefined) === (options.email === undefined))
            throw new Error('give exactly one of --user USER_ID and --email EMAIL');
          const days = options.expiresInDays === undefined ? null : Number(options.expiresInDays);
          if (days !== null && !(Number.isFinite(days) && days > 0))
            throw new Error('--expires-in-days must be a positive number');
          const chatbotIds = options.chatbots
            ? options.chatbots
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : null;
          const userId = options.user ?? (await accounts.findUserByEmail(options.email as string)).id;
          const token = await accounts.createToken({
            userId,
            scopes: parseScopes(options.scopes),
            chatbotIds,
            expiresInDays: days,
            name: options.name ?? null,
          });
          const expiresAt = token.expiresAt === null ? null : iso(token.expiresAt);
          print(
            output(),
            {
              id: token.id,
              token: token.token,
              scopes: token.scopes,
              chatbotIds: token.chatbotIds,
              expiresAt,
            },
            `token ${token.id}: ${token.token}\n(shown only this once; it expires ${expiresAt ?? 'never'})`,
          );
        }),
    );
  tokens
    .command('list')
    .description(
      'list a team member\'s tokens, newest first, revoked ones included; never their text ({"tokens": [...]} with --json)',
    )
    .requiredOption('--user <userId>', 'the team member')
    .action((options: { user: string }) =>
      withDatabase(['accounts'], async ({ accounts }) => {
        const list = (await accounts.listTokens(options.user)).map((t) => ({
          id: t.id,
          name: t.name,
          scopes: t.scopes,
          chatbotIds: t.chatbotIds,
          expiresAt: isoOrNull(t.expiresAt),
          revokedAt: isoOrNull(t.revokedAt),
          createdAt: iso(t.createdAt),
        }));
        const lines = list.map((t) =>
          [
            t.id,
            t.name ?? '(no name)',
            `scopes ${t.scopes.join(',')}`,
            `chatbots ${t.chatbotIds ? t.chatbotIds.join(',') : 'all'}`,
            `created ${t.createdAt}`,
            t.revokedAt ? `REVOKED ${t.revokedAt}` : `expires ${t.expiresAt ?? 'never'}`,
          ].join('  '),
        );
        print(
          output(),
          { tokens: list },
          lines.length ? lines.join('\n') : `no tokens for user ${options.user}`,
        );
      }),
    );
  tokens
    .command('revoke <tokenId>')
    .description('revoke a token: it stops working at once')
    .action((tokenId: string) =>
      withDatabase(['accounts'], async ({ accounts }) => {
        await accounts.revokeToken(tokenId);
        print(output(), { id: tokenId, revoked: true }, `token ${tokenId} revoked`);
      }),
    );
}

/** The password from standard input: all of it, one trailing line break removed (`echo` adds one). */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY)
    throw new Error(
      '--password-stdin reads a pipe or a file, e.g. `printf %s "$PASSWORD" | chatbot-ops users set-password ID --password-stdin`',
    );
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
