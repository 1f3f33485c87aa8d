// What the conversation services work with beyond the database: the answer engine and the channel
// adapters, built once per application from its configuration.
import type { Logger } from 'pino';
import type { AppDeps } from '../../app.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createAnswerEngine, type AnswerEngine } from './answer/index.js';
import { knowledgeRetrieval } from './answer/retrieval.js';
import { channelAdapters, type ChannelAdapters } from './channels/index.js';

export interface ConversationsRuntime {
  db: Db;
  clock: Clock;
  logger: Logger;
  engine: AnswerEngine;
  channels: ChannelAdapters;
}

const runtimes = new WeakMap<AppDeps, ConversationsRuntime>();

export function conversationsRuntime(deps: AppDeps): ConversationsRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    runtime = {
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      engine: createAnswerEngine(deps.config, knowledgeRetrieval(deps.db), deps.logger),
      channels: channelAdapters(deps),
    };
    runtimes.set(deps, runtime);
  }
  return runtime;
}
