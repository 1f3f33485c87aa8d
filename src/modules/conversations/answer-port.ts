// The port through which a conversation gets the chatbot's reply to a visitor message from its knowledge
// (the answers capability implements it, as channel capabilities implement ChannelAdapter). Engines only
// propose; the conversation service decides what becomes a handover or a lead, and accepts a model's
// proposal only when it is grounded in the visitor's own words (see handover-rules.ts).
import type { ContactDetails } from '../leads/index.js';
import type { MessageRole } from './conversations.table.js';

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
  /** The team's curated answer the text is, verbatim: set when a curated answer matched the question. */
  curatedAnswerId?: string;
  /** What the answer stood on, for the team trying the chatbot: the passages weighed and why it declined. */
  grounds?: AnswerGrounds;
  /** A model's proposals, made through tools; honoured only when grounded in the visitor's words. */
  proposals?: {
    handover?: { category: 'human_requested' | 'complaint'; visitorQuote: string };
    contact?: ContactDetails;
  };
}

export type EngineName = 'extractive' | 'openai';

export interface AnswerGrounds {
  /** The passages the engine weighed, most relevant first (at most five). */
  passages: Array<{
    title: string | null;
    url: string | null;
    text: string;
    /** How much of what the question asks about it holds, 0 to 1 (the extractive engine's measure). */
    relevance: number | null;
    /** Whether the answer quotes it. */
    used: boolean;
  }>;
  /** Why the engine did not answer, in plain words; null when it answered. */
  declined: string | null;
}

export interface AnswerEngine {
  readonly name: EngineName;
  /** Whether `history` matters to it; the service skips reading it otherwise. */
  readonly usesHistory: boolean;
  answer(request: AnswerRequest): Promise<Answer>;
}
