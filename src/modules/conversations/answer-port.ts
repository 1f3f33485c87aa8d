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
