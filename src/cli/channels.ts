// `chatbots allow-origin` / `chatbots disallow-origin` (the web chat's CORS) and `channels connect`
// (WhatsApp, Messenger, Instagram). Credentials are never printed back.
import type { Command } from 'commander';
import type { Provider } from '../modules/channels/index.js';
import { withDatabase, type CommandScope } from './with-database.js';
import { print, type Output } from './output.js';

interface ConnectOptions {
  chatbot: string;
  type: string;
  phoneNumberId?: string;
  accessToken?: string;
  pageId?: string;
  accountId?: string;
  pageToken?: string;
  appSecret: string;
  verifyToken: string;
}

/** Each type names its own id and token options; the others must not be given. */
const SHAPES: Record<Provider, { id: keyof ConnectOptions; token: keyof ConnectOptions }> = {
  whatsapp: { id: 'phoneNumberId', token: 'accessToken' },
  messenger: { id: 'pageId', token: 'pageToken' },
  instagram: { id: 'accountId', token: 'pageToken' },
};
const FLAG: Partial<Record<keyof ConnectOptions, string>> = {
  phoneNumberId: '--phone-number-id',
  accessToken: '--access-token',
  pageId: '--page-id',
  accountId: '--account-id',
  pageToken: '--page-token',
};

function connectInput(options: ConnectOptions) {
  const provider = options.type as Provider;
  const shape = SHAPES[provider];
  if (!shape) throw new Error(`--type must be whatsapp, messenger or instagram, not "${options.type}"`);
  for (const key of [shape.id, shape.token]) {
    if (!options[key]) throw new Error(`--type ${provider} needs ${FLAG[key]}`);
  }
  for (const key of Object.keys(FLAG) as (keyof ConnectOptions)[]) {
    if (key !== shape.id && key !== shape.token && options[key] !== undefined)
      throw new Error(`${FLAG[key]} does not apply to --type ${provider}`);
  }
  return {
    chatbotId: options.chatbot,
    provider,
    externalId: String(options[shape.id]),
    token: String(options[shape.token]),
    appSecret: options.appSecret,
    verifyToken: options.verifyToken,
  };
}

/** The set-up services of the channels capability over the command's database, loaded when first used. */
export async function channelSetup({ config, db, clock, chatbots }: CommandScope<'chatbots'>) {
  const { createConnectionsService, createOriginsService } = await import('../modules/channels/index.js');
  return {
    origins: createOriginsService({ db, clock, chatbots }),
    connections: createConnectionsService({ db, clock, secretKey: config.secretKey, chatbots }),
  };
}

export function registerChannelCommands(program: Command, output: () => Output): void {
  const chatbots =
    program.commands.find((c) => c.name() === 'chatbots') ??
    program.command('chatbots').description('chatbots');
  chatbots
    .command('allow-origin <chatbotId> <origin>')
    .description('let a website (scheme://host[:port]) embed the web chat of this chatbot (CORS)')
    .action((chatbotId: string, origin: string) =>
      withDatabase(['chatbots'], async (context) => {
        const { origins } = await channelSetup(context);
        const result = await origins.allowOrigin(chatbotId, origin);
        print(
          output(),
          result,
          `chatbot ${chatbotId} now allows ${result.origin} (allowed: ${result.allowedOrigins.join(', ')})`,
        );
      }),
    );
  chatbots
    .command('disallow-origin <chatbotId> <origin>')
    .description('stop allowing a website to embed the web chat of this chatbot')
    .action((chatbotId: string, origin: string) =>
      withDatabase(['chatbots'], async (context) => {
        const { origins } = await channelSetup(context);
        const result = await origins.disallowOrigin(chatbotId, origin);
        const left = result.allowedOrigins.length ? result.allowedOrigins.join(', ') : 'none';
        print(
          output(),
          result,
          `chatbot ${chatbotId} ${result.removed ? 'no longer allows' : 'did not allow'} ${result.origin} (allowed: ${left})`,
        );
      }),
    );

  program
    .command('channels')
    .description('WhatsApp, Messenger and Instagram')
    .command('connect')
    .description('connect a chatbot to WhatsApp, Messenger or Instagram; credentials are stored encrypted')
    .requiredOption('--chatbot <chatbotId>', 'chatbot id')
    .requiredOption('--type <type>', 'whatsapp, messenger or instagram')
    .option('--phone-number-id <id>', 'WhatsApp: the phone number id')
    .option('--access-token <token>', 'WhatsApp: the access token')
    .option('--page-id <id>', 'Messenger: the Facebook page id')
    .option('--account-id <id>', 'Instagram: the Instagram account id')
    .option('--page-token <token>', 'Messenger and Instagram: the page access token')
    .requiredOption('--app-secret <secret>', 'the Meta app secret (checks X-Hub-Signature-256)')
    .requiredOption('--verify-token <token>', 'the verify token entered in the Meta webhook settings')
    .action((options: ConnectOptions) =>
      withDatabase(['chatbots'], async (context) => {
        const { connections } = await channelSetup(context);
        const connection = await connections.connectChannel(connectInput(options));
        print(
          output(),
          connection,
          `chatbot ${connection.chatbotId} is connected to ${connection.type}; Meta webhook URL: <your base URL>${connection.webhookPath}`,
        );
      }),
    );
}
