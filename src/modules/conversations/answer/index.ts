// The configured answer engine (ANSWER_ENGINE): `extractive` by default, `openai` with the extractive
// engine as its fallback.
import type { Logger } from 'pino';
import type { Config } from '../../../config.js';
import type { AnswerEngine, Retrieve } from './engine.js';
import { ExtractiveEngine } from './extractive.js';
import { OpenAiEngine } from './openai.js';

export type { Answer, AnswerEngine, AnswerRequest, Passage, Retrieve } from './engine.js';

export function createAnswerEngine(
  config: Pick<Config, 'answerEngine' | 'openai'>,
  retrieve: Retrieve,
  logger: Logger,
): AnswerEngine {
  const extractive = new ExtractiveEngine(retrieve);
  if (config.answerEngine === 'openai') return new OpenAiEngine(config.openai, retrieve, extractive, logger);
  return extractive;
}
