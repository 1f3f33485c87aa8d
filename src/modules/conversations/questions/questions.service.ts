// Answers visitors can rate, and the questions the chatbot could not answer, so the team can fill the gaps.
//
// Every chatbot answer records the visitor question it answered and whether the engine could answer it
// from knowledge (the conversation service writes that in the answer's transaction). A visitor may rate an
// answer the engine gave in their own conversation up or down (not an "I don't know", a handover notice or
// small talk); rating again replaces the rating (the latest one counts).
// The report groups questions by a normalised form (case, accents, punctuation and spacing do not count):
// those the chatbot could not answer and those whose answer was rated down, most frequent first.
import type { Core } from '../../../core.js';
import type { Executor } from '../../../db/database.js';
import { notFound, validationError } from '../../../errors.js';
import type { PageRequest } from '../../../db/keyset.js';
import * as repo from './questions.repository.js';
import type { QuestionGroupRow, Rating } from './questions.table.js';

/**
 * The port through which the report shows, for each question, the team's curated answer that now covers
 * it (the answers capability implements it): question id → curated answer id, for the questions covered.
 */
export type ReportCoverage = (
  chatbotId: string,
  questions: ReadonlyArray<{ id: string; text: string }>,
) => Promise<ReadonlyMap<string, string>>;

export interface QuestionsDeps extends Pick<Core, 'db' | 'clock'> {
  /** Without it, only the curated answers that answered a question (the records) are shown. */
  coverage?: ReportCoverage;
}

/** A visitor's rating of an answer, as recorded. */
export interface RatedAnswer {
  messageId: string;
  rating: Rating;
  ratedAt: number;
}

/** The questions report and the visitors' ratings of the chatbot's answers. */
export interface QuestionsService {
  /**
   * The visitor's rating of a chatbot answer of their conversation: 404 when the conversation has no
   * such message; 400 when the message is not the chatbot's, or is not an answer from its knowledge (its
   * "I don't know", a handover notice, small talk: the messages whose `rateable` is false). Rating again
   * replaces the rating.
   */
  rateAnswer(chatbotId: string, threadId: string, messageId: string, rating: Rating): Promise<RatedAnswer>;
  /**
   * Questions grouped by normalised form, most frequent first (see `questionGroups`), each with the
   * curated answer that now covers it (the coverage port), else the one that last answered it.
   */
  listQuestions(
    accountId: string,
    chatbotId: string,
    answered: boolean,
    page: PageRequest,
  ): Promise<QuestionGroupRow[]>;
}

/** Written with the chatbot's answer, in the same transaction. */
export const recordAnswer = (
  trx: Executor,
  input: {
    messageId: string;
    threadId: string;
    chatbotId: string;
    question: string;
    answered: boolean;
    askedAt: number;
    /** The curated answer the chatbot sent, when one matched. */
    curatedAnswerId?: string | null;
  },
) =>
  repo.insertAnswerRecord(trx, {
    message_id: input.messageId,
    thread_id: input.threadId,
    chatbot_id: input.chatbotId,
    question: input.question,
    answered: input.answered,
    asked_at: input.askedAt,
    curated_answer_id: input.curatedAnswerId ?? null,
  });

export function createQuestionsService({ db, clock, coverage }: QuestionsDeps): QuestionsService {
  return {
    /**
     * The visitor's rating of a chatbot answer of their conversation: 404 when the conversation has no
     * such message; 400 when the message is not the chatbot's, or is not an answer from its knowledge (its
     * "I don't know", a handover notice, small talk: the messages whose `rateable` is false). Rating again
     * replaces the rating.
     */
    async rateAnswer(
      chatbotId: string,
      threadId: string,
      messageId: string,
      rating: Rating,
    ): Promise<{ messageId: string; rating: Rating; ratedAt: number }> {
      return db.transaction().execute(async (trx) => {
        const message = await repo.findMessage(trx, threadId, messageId);
        if (!message) throw notFound('message');
        if (message.role !== 'assistant')
          throw validationError('path.messageId', "is not one of the chatbot's answers");
        if (!(await repo.isRateable(trx, chatbotId, messageId)))
          throw validationError(
            'path.messageId',
            'is not an answer from the chatbot\'s knowledge (only those can be rated: not "I don\'t know", a handover notice or small talk)',
          );
        const now = clock.now();
        await repo.setRating(trx, messageId, rating, now);
        return { messageId, rating, ratedAt: now };
      });
    },

    /**
     * Questions grouped by normalised form, most frequent first (see `questionGroups`), each with the
     * curated answer that now covers it (the coverage port), else the one that last answered it.
     */
    async listQuestions(
      accountId: string,
      chatbotId: string,
      answered: boolean,
      page: PageRequest,
    ): Promise<QuestionGroupRow[]> {
      const groups = await repo.questionGroups(db, accountId, chatbotId, answered, page);
      if (!coverage || groups.length === 0) return groups;
      const covered = await coverage(
        chatbotId,
        groups.map((group) => ({ id: group.question_key, text: group.question })),
      );
      return groups.map((group) => ({
        ...group,
        curated_answer_id: covered.get(group.question_key) ?? group.curated_answer_id,
      }));
    },
  };
}
