// Curated answers come before any knowledge source: the answer port's engine wrapped, so that a question
// a curated answer matches is answered with that answer, verbatim, and recorded as the team's (the
// answer names the curated answer); any other question goes to the engine as before. A curated answer is
// information like a source: it is sent as written and proposes nothing (no handover, no lead).
import type { Answer, AnswerEngine, AnswerRequest } from '../engines/engine.js';
import type { CuratedMatcher } from './curated.matcher.js';

export function withCuratedAnswers(
  engine: AnswerEngine,
  matcher: Pick<CuratedMatcher, 'match'>,
): AnswerEngine {
  return {
    name: engine.name,
    usesHistory: engine.usesHistory,
    async answer(request: AnswerRequest): Promise<Answer> {
      const match = await matcher.match(request.chatbotId, request.question);
      if (!match) return engine.answer(request);
      return { text: match.answer, answered: true, engine: engine.name, curatedAnswerId: match.id };
    },
  };
}
