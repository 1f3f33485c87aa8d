// The chatbot's own words when it cannot answer: the team may replace "I'm sorry, I don't know the answer
// to that." with a text of theirs (a chatbot's `fallbackText`). The offer of a person still follows, so
// that a visitor's "yes please" still reaches the team.
import { OFFER_OF_A_PERSON } from '../../conversations/index.js';
import type { Answer, AnswerEngine, AnswerRequest } from './engine.js';

/** A chatbot's fallback text; null when the team has not set one. */
export type FallbackTextOf = (chatbotId: string) => Promise<string | null>;

export function withFallbackText(engine: AnswerEngine, fallbackTextOf: FallbackTextOf): AnswerEngine {
  return {
    name: engine.name,
    usesHistory: engine.usesHistory,
    async answer(request: AnswerRequest): Promise<Answer> {
      const answer = await engine.answer(request);
      if (answer.answered) return answer;
      const own = await fallbackTextOf(request.chatbotId);
      return own ? { ...answer, text: `${own} ${OFFER_OF_A_PERSON}` } : answer;
    },
  };
}
