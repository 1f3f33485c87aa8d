// The answer-engine interface: the chatbot's reply to a visitor message, from the chatbot's knowledge.
// Engines only propose; the conversation service decides what becomes a handover or a lead, and accepts a
// model's proposal only when it is grounded in the visitor's own words (see handover-rules.ts).
import type { Passage } from '../../knowledge/index.js';
import type { ContactDetails } from '../../leads/index.js';
import type { MessageRole } from '../conversations.table.js';

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

export interface AnswerRequest {
  chatbotId: string;
  /** The visitor's message to answer. */
  question: string;
  /** Earlier messages of the conversation, oldest first (the question not included). */
  history: ReadonlyArray<{ role: MessageRole; text: string }>;
}

export interface Answer {
  text: string;
  /** False when the chatbot could not answer from its knowledge (the `unanswered` rule counts these). */
  answered: boolean;
  /** Which engine produced the text (`extractive` also when `openai` fell back to it). */
  engine: EngineName;
  /** A model's proposals, made through tools; honoured only when grounded in the visitor's words. */
  proposals?: {
    handover?: { category: 'human_requested' | 'complaint'; visitorQuote: string };
    contact?: ContactDetails;
  };
}

export type EngineName = 'extractive' | 'openai';

export interface AnswerEngine {
  readonly name: EngineName;
  /** Whether `history` matters to it; the service skips reading it otherwise. */
  readonly usesHistory: boolean;
  answer(request: AnswerRequest): Promise<Answer>;
}
