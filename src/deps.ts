// The composition root: every service of a process is built here, once, from the configuration, and
// stopped here in reverse order. Modules never import this file; each is handed the part it needs, so
// the dependency graph stays free of cycles (`madge --circular` runs in `npm test`).
//
// Built in this order (each from what comes before it):
//   shared      database, clock, logger, paginator, database notifications, the one outbound guard, metrics
//   accounts    people (sign-in, sessions, invitations)    chatbots    leads
//   knowledge   runtime (page and file workers, crawler fetch) and service; its search is the retrieval
//   webhooks    runtime (pinned fetch, connections, in-flight bounds, attempt recorder) and service
//   channels    runtime (live bus, Graph API fetch, web chat rate window, open streams) and its delivery adapters
//   answers    curated answers (the team's own answers; their matcher comes before the answer engine)
//   conversations  answer engine, delivery (the port's defaults with the channels' adapters plugged in),
//                  the change feed and its open streams, the visitor-side, handover and questions services
//   channels    web chat and inbound services, which use conversations
//   metrics     the gauges read at scrape time: job queue, database connections, the capabilities' own
// stop() closes the channels, webhooks and knowledge runtimes, then the notifications, then the database.
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { mount, type Core, type MountedCapability } from './core.js';
import { openDatabase, type DatabaseHandle } from './db/connect.js';
import { databaseGauges } from './db/metrics.js';
import { createNotifications } from './db/notifications.js';
import { Paginator } from './http/pagination.js';
import { createStreamAccess, principalChecks, type StreamAccess } from './http/stream-access.js';
import { eventsRetention } from './events/retention.js';
import { idempotencyRetention } from './http/idempotency.js';
import { jobsGauge } from './jobs/metrics.js';
import { retentionTask } from './jobs/retention.js';
import type { PeriodicTask } from './jobs/scheduler.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLogger } from './logger.js';
import { createMetrics } from './metrics.js';
import { createOutboundGuard, type OutboundGuard } from './net/outbound-guard.js';
import {
  createAnswerEngine,
  createCuratedAnswersService,
  createCuratedMatcher,
  curatedAnswersCapability,
  withCuratedAnswers,
  withFallbackText,
  type CuratedAnswersService,
} from './modules/answers/index.js';
import { createAccountsService, type AccountsService } from './modules/accounts/index.js';
import { cannedRepliesCapability, createCannedRepliesService } from './modules/canned-replies/index.js';
import {
  channelsCapability,
  createChannelAdapters,
  createChannelsRuntime,
  createInboundService,
  createVisitorsService,
  createWebChatService,
  originsPort,
  type ChannelsRuntime,
  type InboundService,
  type WebChatService,
} from './modules/channels/index.js';
import {
  chatbotIdsOfAccount,
  chatbotsCapability,
  createChatbotsService,
  type ChatbotsService,
} from './modules/chatbots/index.js';
import {
  channelAdapters,
  conversationsCapability,
  createConversationFeed,
  createLiveRuntime,
  createConversationsService,
  createQuestionsService,
  createDelivery,
  createHandoverService,
  createTyping,
  createNotesService,
  type AnswerEngine,
  type ChannelAdapters,
  type ConversationsService,
  type QuestionsService,
  type HandoverService,
  type NotesService,
  type LiveRuntime,
} from './modules/conversations/index.js';
import { healthCapability } from './modules/health/index.js';
import { inboxCapability } from './modules/inbox/index.js';
import {
  createKnowledgeRuntime,
  createKnowledgeService,
  knowledgeCapability,
  type KnowledgeRuntime,
  type KnowledgeService,
} from './modules/knowledge/index.js';
import { createLeadsService, leadsCapability, type LeadsService } from './modules/leads/index.js';
import { createPeopleService, peopleCapability, type PeopleService } from './modules/people/index.js';
import { createTokensService, tokensCapability } from './modules/tokens/index.js';
import { analyticsCapability, createAnalyticsService } from './modules/analytics/index.js';
import {
  createWebhooksRuntime,
  createWebhooksService,
  webhooksCapability,
  type WebhookRuntime,
  type WebhooksService,
} from './modules/webhooks/index.js';

export interface AppDeps extends Core {
  accounts: AccountsService;
  people: PeopleService;
  chatbots: ChatbotsService;
  leads: LeadsService;
  knowledge: KnowledgeService;
  curatedAnswers: CuratedAnswersService;
  webhooks: WebhooksService;
  conversations: ConversationsService;
  questions: QuestionsService;
  handover: HandoverService;
  notes: NotesService;
  webChat: WebChatService;
  inbound: InboundService;
  /** What capabilities hold while the service runs (worker threads, connections, the live bus). */
  runtimes: {
    knowledge: KnowledgeRuntime;
    webhooks: WebhookRuntime;
    channels: ChannelsRuntime;
    conversations: LiveRuntime;
  };
  /** Checks that the principal of every open live stream still holds, and ends those that do not. */
  streamAccess: StreamAccess;
  /** Every capability bound to its dependencies, in the order its routes are registered. */
  capabilities: MountedCapability[];
  /** Periodic tasks of the service itself, beside the capabilities' own (the retention sweep). */
  tasks: PeriodicTask[];
  /** Stops what the root started, in reverse order, the database last. Safe to call twice. */
  stop(): Promise<void>;
}

export interface DepsOptions {
  /** An open database; by default the one the configuration names is opened. */
  database?: DatabaseHandle;
  clock?: Clock;
  logger?: Logger;
  /** Replaces what the root would build (tests). */
  overrides?: {
    outbound?: OutboundGuard;
    answerEngine?: AnswerEngine;
    /** Plugged in over every other adapter of the channel-delivery port. */
    channelAdapters?: Partial<ChannelAdapters>;
    /** Where the built inbox app is read from (by default dist/web/inbox/). */
    inboxDir?: string;
  };
}

export function createDeps(config: Config, options: DepsOptions = {}): AppDeps {
  const overrides = options.overrides ?? {};
  const database = options.database ?? openDatabase(config);
  const logger = options.logger ?? createLogger(config.logLevel);
  const core: Core = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    logger,
    paginator: new Paginator(config.secretKey),
    notifications: createNotifications(database, logger),
    outbound: overrides.outbound ?? createOutboundGuard({ allowHosts: config.outboundAllowHosts }),
    metrics: createMetrics(config.metrics, logger),
    lifecycle: { shuttingDown: false },
  };
  const { db, clock, paginator } = core;

  const accounts = createAccountsService({
    ...core,
    chatbotIdsOfAccount: (accountId, chatbotIds) => chatbotIdsOfAccount(db, accountId, chatbotIds),
  });
  const people = createPeopleService(core);
  const leads = createLeadsService(core);

  const knowledgeBase = { db, clock, logger, runtime: createKnowledgeRuntime(core) };
  const knowledge = createKnowledgeService(knowledgeBase);
  // A deleted chatbot's knowledge goes with it (full-text rows and uploaded files are not cascades).
  const chatbots = createChatbotsService({
    db,
    clock,
    accounts,
    origins: originsPort,
    removals: [knowledge.removeAllOf],
  });

  const curatedBase = { db, clock, logger, embeddings: knowledgeBase.runtime.embeddings };
  const curatedAnswers = createCuratedAnswersService(curatedBase);
  const curatedMatcher = createCuratedMatcher(curatedBase);

  const webhooksBase = { db, clock, logger, config, runtime: createWebhooksRuntime(core) };
  const webhooks = createWebhooksService(webhooksBase);

  const channelsRuntime = createChannelsRuntime(core);
  const delivery = createDelivery({
    db,
    logger,
    adapters: channelAdapters({
      ...createChannelAdapters({ db, clock, config, runtime: channelsRuntime }),
      ...overrides.channelAdapters,
    }),
  });
  // Curated answers come before whichever engine answers from the knowledge.
  const engine = withFallbackText(
    withCuratedAnswers(
      overrides.answerEngine ?? createAnswerEngine(config, knowledge.search, logger),
      curatedMatcher,
    ),
    chatbots.fallbackTextOf,
  );
  const feed = createConversationFeed(core);
  const liveRuntime = createLiveRuntime();
  const streamAccess = createStreamAccess({
    notifications: core.notifications,
    logger,
    check: principalChecks({ tokenEnds: accounts.tokenEnds, sessionEnds: people.sessionEnds }),
  });
  const conversations = createConversationsService({ db, clock, engine, delivery, leads, feed });
  const handover = createHandoverService({ db, clock, delivery, feed });
  const notes = createNotesService({ db, clock, feed });
  const questions = createQuestionsService({ db, clock, coverage: curatedMatcher.covering });

  const inbound = createInboundService({ db, clock, config, conversations });
  const webChat = createWebChatService({
    db,
    clock,
    runtime: channelsRuntime,
    chatbots,
    conversations,
    questions,
  });
  const visitors = createVisitorsService({ db, clock, conversations });
  // Typing indicators both ways, on the process's database notifications (never stored).
  const typing = createTyping(core);

  const capabilities = [
    mount(healthCapability, { database, logger, config }),
    mount(peopleCapability, { db, clock, config, logger, people, paginator }),
    mount(chatbotsCapability, { chatbots, paginator }),
    mount(analyticsCapability, { analytics: createAnalyticsService({ db, clock }) }),
    mount(tokensCapability, { tokens: createTokensService({ db, accounts, chatbots }), paginator, clock }),
    mount(knowledgeCapability, { ...knowledgeBase, knowledge, paginator }),
    mount(curatedAnswersCapability, { ...curatedBase, curatedAnswers, paginator }),
    mount(webhooksCapability, { ...webhooksBase, webhooks, paginator }),
    mount(conversationsCapability, {
      conversations,
      handover,
      notes,
      questions,
      paginator,
      db,
      notifications: core.notifications,
      live: liveRuntime,
      access: streamAccess,
      typing,
    }),
    mount(leadsCapability, { leads, paginator }),
    mount(cannedRepliesCapability, { cannedReplies: createCannedRepliesService({ db, clock }), paginator }),
    mount(channelsCapability, {
      runtime: channelsRuntime,
      conversations,
      webChat,
      visitors,
      typing,
      inbound,
      db,
      publicBase: config.publicUrl ?? null,
    }),
    mount(inboxCapability, { logger, dir: overrides.inboxDir }),
  ];

  // Gauges read when the metrics are scraped: the job queue, the database connections, each capability's own.
  for (const gauge of [
    jobsGauge(db),
    ...databaseGauges(database),
    ...capabilities.flatMap((capability) => capability.gauges?.() ?? []),
  ]) {
    core.metrics.readAtScrape(gauge);
  }

  let stopping: Promise<void> | null = null;
  return {
    ...core,
    accounts,
    people,
    chatbots,
    leads,
    knowledge,
    curatedAnswers,
    webhooks,
    conversations,
    questions,
    handover,
    notes,
    webChat,
    inbound,
    runtimes: {
      knowledge: knowledgeBase.runtime,
      webhooks: webhooksBase.runtime,
      channels: channelsRuntime,
      conversations: liveRuntime,
    },
    streamAccess,
    capabilities,
    // One sweep removes what is kept only for a while: the outbox's and the idempotency keys' rows, and
    // each capability's own.
    tasks: [
      retentionTask(
        [
          eventsRetention(db),
          idempotencyRetention(db),
          ...capabilities.flatMap((capability) => capability.retention?.() ?? []),
        ],
        logger,
      ),
    ],
    stop: () =>
      (stopping ??= (async () => {
        liveRuntime.endStreams();
        streamAccess.close();
        await channelsRuntime.close();
        await webhooksBase.runtime.close();
        await knowledgeBase.runtime.close();
        await core.notifications.close();
        await database.close();
      })()),
  };
}
