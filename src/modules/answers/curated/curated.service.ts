// Curated answers: the team writes the answer to a question (and the other ways visitors ask it), on its
// own or for a question of the unanswered-questions report; the chatbot then sends it verbatim whenever a
// visitor asks that question (curated.engine.ts), before looking at any knowledge source.
//
// A wording belongs to one curated answer of a chatbot: a second answer to the same question is
// 409 duplicate_question (the unique index says so when two requests race). With EMBEDDINGS_MODEL, new
// wordings are embedded by the `answers.embed` job, queued in the same transaction.
import type { Core } from '../../../core.js';
import { isUniqueViolation } from '../../../db/dialect.js';
import type { Executor } from '../../../db/database.js';
import { AppError, notFound, validationError } from '../../../errors.js';
import type { PageRequest } from '../../../db/keyset.js';
import { enqueue } from '../../../jobs/queue.js';
import { newId } from '../../../lib/ids.js';
import { findReportQuestion } from '../../conversations/index.js';
import type { EmbeddingsClient } from '../retrieval/embeddings.js';
import * as repo from './curated.repository.js';
import type { CuratedAnswerRow } from './curated.table.js';
import { CURATED_LIMITS, checkedAnswer, checkedWordings } from './wordings.js';
import type { Static } from 'typebox';
import type { AnswerPatch, NewAnswerBody } from './curated.schemas.js';

export interface CuratedAnswersDeps extends Pick<Core, 'db' | 'clock'> {
  /** With EMBEDDINGS_MODEL: the wordings get vectors, and visitors' questions are compared with them. */
  embeddings: EmbeddingsClient | null;
}

export type NewCuratedAnswer = Static<typeof NewAnswerBody>;

export type CuratedAnswerPatch = Static<typeof AnswerPatch>;

/**
 * A chatbot's curated answers: the team's own answers to questions, sent before any engine's. Each call
 * names the caller's account: a chatbot of another account has none.
 */
export interface CuratedAnswersService {
  list(accountId: string, chatbotId: string, page: PageRequest): Promise<CuratedAnswerRow[]>;
  get(accountId: string, chatbotId: string, answerId: string): Promise<CuratedAnswerRow>;
  create(accountId: string, chatbotId: string, input: NewCuratedAnswer): Promise<CuratedAnswerRow>;
  /** Only sent fields change; `alternatives` replaces the list. */
  update(
    accountId: string,
    chatbotId: string,
    answerId: string,
    patch: CuratedAnswerPatch,
  ): Promise<CuratedAnswerRow>;
  /** The chatbot stops sending it at once; answer records that name it keep the question, not the link. */
  delete(accountId: string, chatbotId: string, answerId: string): Promise<void>;
}

const duplicate = (text: string, answerId: string | null) =>
  new AppError(
    'duplicate_question',
    answerId
      ? `Curated answer ${answerId} already answers "${text}"; change that answer, or remove the wording from it first.`
      : `Another curated answer already answers "${text}".`,
  );

export function createCuratedAnswersService(deps: CuratedAnswersDeps): CuratedAnswersService {
  const { db, clock, embeddings } = deps;

  /** 409 when another curated answer of the chatbot has one of these wordings. */
  async function refuseTaken(
    trx: Executor,
    chatbotId: string,
    wordings: readonly repo.NewWording[],
    self: string | null,
  ) {
    const [taken] = await repo.takenWordings(
      trx,
      chatbotId,
      wordings.map((wording) => wording.key),
      self,
    );
    if (taken) throw duplicate(taken.text, taken.curated_answer_id);
  }

  /** The vectors of new wordings are made in the background, queued with them. */
  async function embedLater(trx: Executor, now: number, added: readonly repo.NewWording[]) {
    if (!embeddings || added.length === 0) return;
    await enqueue(
      trx,
      now,
      'answers.embed',
      { model: embeddings.model },
      { dedupeKey: `answers.embed:${embeddings.model}` },
    );
  }

  /** A unique violation of the wordings (two requests at once) is the same 409 as the check's. */
  async function asDuplicate<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate('one of these questions', null);
      throw error;
    }
  }

  return {
    list: (accountId: string, chatbotId: string, page: PageRequest) =>
      repo.listAnswers(db, accountId, chatbotId, page),

    async get(accountId: string, chatbotId: string, answerId: string): Promise<CuratedAnswerRow> {
      const answer = await repo.findAnswer(db, accountId, chatbotId, answerId);
      if (!answer) throw notFound('curated answer');
      return answer;
    },

    async create(accountId: string, chatbotId: string, input: NewCuratedAnswer): Promise<CuratedAnswerRow> {
      const fromQuestion =
        input.fromQuestion === undefined
          ? null
          : await findReportQuestion(db, accountId, chatbotId, input.fromQuestion);
      if (input.fromQuestion !== undefined && !fromQuestion) {
        throw validationError('body.fromQuestion', "is not a question of this chatbot's questions report");
      }
      let question = input.question;
      let questionField = 'body.question';
      if (question === undefined) {
        if (!fromQuestion)
          throw validationError(
            'body.question',
            'is required unless fromQuestion names a question of the report',
          );
        if (fromQuestion.text.trim().length > CURATED_LIMITS.question) {
          throw validationError(
            'body.question',
            `is required: the report's question is longer than ${CURATED_LIMITS.question} characters`,
          );
        }
        question = fromQuestion.text;
        questionField = 'body.fromQuestion';
      }
      const wordings = checkedWordings(question, input.alternatives ?? [], questionField);
      const answer = checkedAnswer(input.answer);
      return asDuplicate(() =>
        db.transaction().execute(async (trx) => {
          await refuseTaken(trx, chatbotId, wordings, null);
          const now = clock.now();
          const created = await repo.insertAnswer(
            trx,
            {
              id: newId(),
              chatbot_id: chatbotId,
              question: wordings[0]!.text,
              alternatives: wordings.slice(1).map((wording) => wording.text),
              answer,
              from_question: fromQuestion?.id ?? null,
              created_at: now,
              updated_at: now,
            },
            wordings,
          );
          await embedLater(trx, now, wordings);
          return created;
        }),
      );
    },

    /** Only sent fields change; `alternatives` replaces the list. */
    async update(
      accountId: string,
      chatbotId: string,
      answerId: string,
      patch: CuratedAnswerPatch,
    ): Promise<CuratedAnswerRow> {
      const current = await repo.findAnswer(db, accountId, chatbotId, answerId);
      if (!current) throw notFound('curated answer');
      const wordings = checkedWordings(
        patch.question ?? current.question,
        patch.alternatives ?? current.alternatives,
      );
      const answer = patch.answer === undefined ? current.answer : checkedAnswer(patch.answer);
      return asDuplicate(() =>
        db.transaction().execute(async (trx) => {
          // Deleted meanwhile: gone.
          if (!(await repo.findAnswer(trx, accountId, chatbotId, answerId))) throw notFound('curated answer');
          if (Object.keys(patch).length === 0) return current;
          await refuseTaken(trx, chatbotId, wordings, answerId);
          const now = clock.now();
          const updated = await repo.updateAnswer(
            trx,
            answerId,
            {
              question: wordings[0]!.text,
              alternatives: wordings.slice(1).map((wording) => wording.text),
              answer,
            },
            now,
          );
          await embedLater(trx, now, await repo.replaceWordings(trx, updated, wordings));
          return updated;
        }),
      );
    },

    /** The chatbot stops sending it at once; answer records that name it keep the question, not the link. */
    async delete(accountId: string, chatbotId: string, answerId: string): Promise<void> {
      if (!(await repo.deleteAnswer(db, accountId, chatbotId, answerId))) throw notFound('curated answer');
    },
  };
}
