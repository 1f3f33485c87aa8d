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
import type { PageRequest } from '../../../http/pagination.js';
import * as repo from './questions.repository.js';
import type { Rating } from './questions.table.js';

export type QuestionsDeps = Pick<Core, 'db' | 'clock'>;

export type QuestionsService = ReturnType<typeof createQuestionsService>;

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
  },
) =>
  repo.insertAnswerRecord(trx, {
    message_id: input.messageId,
    thread_id: input.threadId,
    chatbot_id: input.chatbotId,
    question: input.question,
    answered: input.answered,
    asked_at: input.askedAt,
  });

export function createQuestionsService({ db, clock }: QuestionsDeps) {
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
        if (message.role !== 'assistant') throw validationError('path.messageId', "is not one of the chatbot's answers");
        if (!(await repo.isRateable(trx, chatbotId, messageId)))
          throw validationError(
            'path.messageId',
            "is not an answer from the chatbot's knowledge (only those can be rated: not \"I don't know\", a handover notice or small talk)",
          );
        const now = clock.now();
        await repo.setRating(trx, messageId, rating, now);
        return { messageId, rating, ratedAt: now };
      });
    },

    /** Questions grouped by normalised form, most frequent first (see `questionGroups`). */
    listQuestions: (chatbotId: string, answered: boolean, page: PageRequest) =>
      repo.questionGroups(db, chatbotId, answered, page),
  };
}
