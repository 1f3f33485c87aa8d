// `webhooks listen`: for local development, like `stripe listen`. Prints every event of an account as it
// happens and, with --forward-to, POSTs it to a local URL signed exactly like a real webhook delivery.
//
// It reads the events outbox (written in the transaction of each change) by polling. Events are ordered
// by their time, but a transaction can commit after a later one, so every poll reads the last
// LOOKBACK_MS again and skips the ids already shown: an event is seen if it becomes visible within
// LOOKBACK_MS of its time.
import { setTimeout as sleep } from 'node:timers/promises';
import { Option, type Command } from 'commander';
import { iso } from '../lib/clock.js';
import { withDatabase } from './with-database.js';
import type { Output } from './output.js';

const POLL_INTERVAL_MS = 250;
const LOOKBACK_MS = 10_000;
const BATCH = 200;

interface ListenOptions {
  account?: string;
  forwardTo?: string;
  events?: string;
  secret?: string;
}

interface ListenedEvent {
  id: string;
  type: string;
  /** The frozen body: the bytes a real delivery sends. */
  body: string;
  created_at: number;
}

// The event types come from the event catalogue, which loads the capabilities whose resources the events
// show: loaded when a `webhooks` command runs, not at every start of the command line.
const loadEventTypes = async (): Promise<readonly string[]> =>
  (await import('../events/catalogue.js')).EVENT_TYPES;

function eventTypes(list: string | undefined, known: readonly string[]): string[] {
  if (list === undefined) return [...known];
  const types = [
    ...new Set(
      list
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = types.filter((type) => !known.includes(type));
  if (unknown.length > 0 || types.length === 0)
    throw new Error(
      `--events takes a comma list of ${known.join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}`,
    );
  return types;
}

function forwardUrl(raw: string | undefined): URL | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`--forward-to "${raw}" is not a URL such as http://localhost:3000/webhooks`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--forward-to must be an http or https URL, not ${url.protocol}`);
  if (url.username || url.password) throw new Error('--forward-to must not hold a user name or password');
  return url;
}

function secretOf(raw: string | undefined, newSecret: () => string): string {
  if (raw === undefined) return newSecret();
  if (!/^whsec_\S+$/.test(raw)) throw new Error('--secret must be a whsec_… signing secret');
  return raw;
}

const errorText = (error: unknown) =>
  error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error);

export function registerWebhookCommands(program: Command, output: () => Output): void {
  const events = new Option('--events <types>', 'comma list of event types');
  const webhooksCommand = program.command('webhooks').description('webhook tools for local development');
  // The option names the catalogue's types: filled in when `webhooks` is about to read its arguments (help
  // included, `webhooks help listen` too), so that other commands never load the catalogue.
  program.hook('preSubcommand', async (_program, subcommand) => {
    if (subcommand === webhooksCommand)
      events.description = `comma list of event types (default: all of ${(await loadEventTypes()).join(', ')})`;
  });
  webhooksCommand
    .command('listen')
    .description(
      'print every event of an account as it happens, from now until Ctrl+C (SIGINT) or SIGTERM: one line per ' +
        'event on stdout (time, type, id; with --json the event body as one JSON object per line). With ' +
        '--forward-to, POST each event to that URL signed exactly like a real delivery (Service-Signature ' +
        'with the signing secret printed at start). A development tool: unlike webhook endpoints, the URL ' +
        'may be http and may be localhost or a private address (the outbound guard does not apply)',
    )
    .option(
      '--account <accountId>',
      'the account whose events to show (may be left out when the database has exactly one)',
    )
    .option('--forward-to <url>', 'http(s) URL to POST each event to, e.g. http://localhost:3000/webhooks')
    .addOption(events)
    .option('--secret <whsec>', 'signing secret for --forward-to (default: a new whsec_… for this session)')
    .addHelpText(
      'after',
      [
        '',
        'stdout holds the events only; the signing secret, each forwarding result (status and time) and read',
        'errors go to stderr. Events written before it starts are not shown. Forwarded requests are not',
        'retried; an https receiver with a self-signed certificate needs NODE_EXTRA_CA_CERTS.',
        '',
        'Examples:',
        '  chatbot-ops webhooks listen --forward-to http://localhost:3000/webhooks',
        '  chatbot-ops webhooks listen --account ACCOUNT_ID --events lead.captured --json | jq .data',
      ].join('\n'),
    )
    .action(async (options: ListenOptions) => {
      const types = eventTypes(options.events, await loadEventTypes());
      const target = forwardUrl(options.forwardTo);
      // Loaded here: the other commands need none of the webhooks capability, nor the HTTP client.
      const webhooks = await import('../modules/webhooks/index.js');
      const { Agent, request } = await import('undici');
      const secret = secretOf(options.secret, webhooks.newWebhookSecret);
      const json = output().json;
      await withDatabase(['accounts'], async ({ db, clock, config, accounts }) => {
        const account =
          options.account === undefined
            ? await accounts.onlyAccount()
            : await accounts.getAccount(options.account);
        const stop = new AbortController();
        const onSignal = () => stop.abort();
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        const agent = new Agent();

        // Forwarding runs beside the polling, one event at a time in the order they were shown, so that a
        // slow receiver delays deliveries, never the reading of the outbox.
        const queue: ListenedEvent[] = [];
        let forwarding: Promise<void> | null = null;
        const forward = async (event: ListenedEvent) => {
          if (!target) return;
          const started = performance.now();
          const at = clock.now();
          let result: string;
          try {
            const response = await request(target, {
              method: 'POST',
              dispatcher: agent,
              headers: {
                'content-type': 'application/json',
                'user-agent': webhooks.USER_AGENT,
                'service-event': event.type,
                'service-delivery': event.id,
                'service-signature': webhooks.signatureHeader(secret, event.body, Math.floor(at / 1000)),
              },
              body: event.body,
              signal: AbortSignal.any([stop.signal, AbortSignal.timeout(config.webhookTimeoutMs)]),
            });
            await response.body.dump();
            result = `${response.statusCode}`;
          } catch (error) {
            if (stop.signal.aborted) return;
            result = `failed: ${errorText(error)}`;
          }
          process.stderr.write(
            `${event.id} ${event.type} -> POST ${target.href} ${result} (${Math.round(performance.now() - started)} ms)\n`,
          );
        };
        const drain = async () => {
          for (let event = queue.shift(); event && !stop.signal.aborted; event = queue.shift())
            await forward(event);
          forwarding = null;
        };
        const show = (event: ListenedEvent) => {
          process.stdout.write(
            json ? `${event.body}\n` : `${iso(event.created_at)}  ${event.type}  ${event.id}\n`,
          );
          if (!target) return;
          queue.push(event);
          forwarding ??= drain();
        };

        const startedAt = clock.now();
        process.stderr.write(
          [
            `Ready: listening for ${types.join(', ')} events of account ${account.id} ("${account.name}"); Ctrl+C to stop.`,
            `Webhook signing secret: ${secret}`,
            ...(target ? [`Forwarding to ${target.href}`] : []),
            '',
          ].join('\n'),
        );

        const seen = new Map<string, number>();
        let failing = false;
        while (!stop.signal.aborted) {
          try {
            const from = Math.max(startedAt, clock.now() - LOOKBACK_MS);
            for (const [id, at] of seen) if (at < from) seen.delete(id);
            let after: { at: number; id: string } | null = null;
            for (;;) {
              const rows: ListenedEvent[] = await webhooks.listEventsFrom(
                db,
                account.id,
                types,
                from,
                after,
                BATCH,
              );
              for (const row of rows) {
                if (seen.has(row.id)) continue;
                seen.set(row.id, row.created_at);
                show(row);
              }
              const last = rows[rows.length - 1];
              if (!last || rows.length < BATCH) break;
              after = { at: last.created_at, id: last.id };
            }
            if (failing) process.stderr.write('reading events again\n');
            failing = false;
          } catch (error) {
            if (!failing) process.stderr.write(`could not read events (${errorText(error)}); retrying\n`);
            failing = true;
          }
          await sleep(POLL_INTERVAL_MS, undefined, { signal: stop.signal }).catch(() => {});
        }
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        await forwarding;
        await agent.destroy();
      });
    });
}
