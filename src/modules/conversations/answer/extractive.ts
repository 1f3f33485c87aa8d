// The `extractive` engine (default): offline and deterministic. It answers, in plain text, with the
// best-matching sentences of the most relevant passage (excerpt.ts) and names what it used: the page's or
// source's title and, for a website, the page's address. Source-of-truth passages come first from
// retrieval, so they win over other sources. With nothing relevant it says it does not know and offers a
// person.
import type { Answer, AnswerEngine, AnswerRequest, Passage, Retrieve } from './engine.js';
import { informationOnly } from './passage-text.js';
import { answerExcerpt } from './excerpt.js';
import { closeInMeaning } from './meaning.js';
import { RELEVANCE_THRESHOLD, relevanceScores, significantTerms } from './relevance.js';
import { DONT_KNOW, citing, smallTalkReply } from './wording.js';

export const PASSAGES_PER_ANSWER = 8;
/** Passages retrieved to weigh the question's words (see relevanceScores) before the best are kept. */
const RELEVANCE_POOL = 20;

export interface RelevantPassage extends Passage {
  /** The passage's text with hidden content and instruction-like sentences removed. */
  information: string;
  /** How much of what the question asks about it holds (relevanceScores), 0 to 1. */
  relevance: number;
}

/**
 * Retrieved passages that speak to the question (relevance at least RELEVANCE_THRESHOLD, or close in
 * meaning by their vectors), cleaned, best
 * first: source-of-truth passages before all others (they win conflicts), then by relevance, then in
 * retrieval order; at most PASSAGES_PER_ANSWER. Empty when none does: the chatbot then says it does not know.
 */
export async function relevantPassages(
  retrieve: Retrieve,
  chatbotId: string,
  question: string,
): Promise<RelevantPassage[]> {
  const terms = significantTerms(question);
  if (terms.length === 0) return [];
  const passages = (await retrieve(chatbotId, question, RELEVANCE_POOL)).map((passage) => ({
    ...passage,
    information: informationOnly(passage.text),
  }));
  const scores = relevanceScores(
    terms,
    passages.map((passage) => passage.information),
  );
  return passages
    .map((passage, rank) => ({ ...passage, relevance: scores[rank]!, rank }))
    .filter((passage) => passage.relevance >= RELEVANCE_THRESHOLD || closeInMeaning(passage))
    .sort(
      (a, b) =>
        Number(b.isSourceOfTruth) - Number(a.isSourceOfTruth) || b.relevance - a.relevance || a.rank - b.rank,
    )
    .slice(0, PASSAGES_PER_ANSWER)
    .map(({ rank: _rank, ...passage }) => passage);
}

export class ExtractiveEngine implements AnswerEngine {
  readonly name = 'extractive' as const;
  /** It answers the question alone, from knowledge. */
  readonly usesHistory = false;
  constructor(private readonly retrieve: Retrieve) {}

  async answer(request: AnswerRequest): Promise<Answer> {
    const smallTalk = smallTalkReply(request.question);
    if (smallTalk) return { text: smallTalk, answered: true, engine: this.name };
    const terms = significantTerms(request.question);
    // The best passage that holds an answer (a passage of headings alone holds none).
    for (const passage of await relevantPassages(this.retrieve, request.chatbotId, request.question)) {
      const excerpt = answerExcerpt(terms, request.question, passage.information);
      if (excerpt) return { text: citing(passage.title, passage.url, excerpt), answered: true, engine: this.name };
    }
    return { text: DONT_KNOW, answered: false, engine: this.name };
  }
}
