// What the engines answer from: retrieval over a chatbot's knowledge. What they answer with is the
// conversations capability's port (answer-port.ts there), which they implement.
import type { Passage } from '../retrieval/search.js';

/** A retrieved piece of a ready knowledge source, as `searchKnowledge` returns it. */
export type { Passage };

/** Retrieval over the chatbot's ready sources, source-of-truth passages first. */
export type Retrieve = (
  chatbotId: string,
  query: string,
  limit: number,
  /** `byMeaning: false`: without the vector ranking (a query that only adds words to one already run). */
  options?: { byMeaning?: boolean },
) => Promise<Passage[]>;

export type {
  Answer,
  AnswerEngine,
  AnswerGrounds,
  AnswerRequest,
  EngineName,
} from '../../conversations/index.js';
