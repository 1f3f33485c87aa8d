// The `extractive` engine (default): offline and deterministic. It answers, in plain text, with the
// best-matching sentences of the most relevant passage (excerpt.ts) and names what it used: the page's or
// source's title and, for a website, the page's address. Source-of-truth passages come first from
// retrieval, so they win over other sources. With nothing relevant it says it does not know and offers a
// person.
import type { Answer, AnswerEngine, AnswerRequest, Passage, Retrieve } from './engine.js';
import { informationOnly } from './passage-text.js';
import { answerExcerpt } from './excerpt.js';
import { RELEVANT_COVERAGE, coverage, significantTerms } from './relevance.js';
import { DONT_KNOW, citing, smallTalkReply } from './wording.js';

export const PASSAGES_PER_ANSWER = 8;

export interface RelevantPassage extends Passage {
  /** The passage's text with hidden content and instruction-like sentences removed. */
  information: string;
  /** Share of the question's meaningful words it holds. */
  coverage: number;
}

/**
 * Retrieved passages that speak to the question, cleaned, best first: source-of-truth passages before
 * all others (they win conflicts), then by how much of the question they cover, then in retrieval order.
 */
export async function relevantPassages(
  retrieve: Retrieve,
  chatbotId: string,
  question: string,
): Promise<RelevantPassage[]> {
  const terms = significantTerms(question);
  if (terms.length === 0) return [];
  const passages = await retrieve(chatbotId, question, PASSAGES_PER_ANSWER);
  return passages
    .map((passage, rank) => {
      const information = informationOnly(passage.text);
      return { ...passage, information, coverage: coverage(terms, information), rank };
    })
    .filter((passage) => passage.coverage >= RELEVANT_COVERAGE)
    .sort(
      (a, b) =>
        Number(b.isSourceOfTruth) - Number(a.isSourceOfTruth) || b.coverage - a.coverage || a.rank - b.rank,
    );
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
