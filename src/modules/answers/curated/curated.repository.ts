// Curated answers and their wordings: all SQL for them lives here.
import type { Selectable } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { prepareQuery } from '../../../db/prepared.js';
import { keysetPage, type PageRequest } from '../../../db/keyset.js';
import { chatbotIdsOfAccountQuery } from '../../chatbots/index.js';
import type { CuratedAnswerRow, CuratedAnswerTable } from './curated.table.js';
import './curated.table.js';

const answerRow = (row: Selectable<CuratedAnswerTable>): CuratedAnswerRow => ({
  ...row,
  alternatives: JSON.parse(row.alternatives) as string[],
});

/** A wording as the matcher reads it on every question: no vector (those are read only when needed). */
export interface WordingRow {
  curated_answer_id: string;
  text: string;
  text_key: string;
  model: string | null;
  dimensions: number | null;
}

/** A wording to store: the text as written and its key (the normalised form, hashed). */
export interface NewWording {
  text: string;
  key: string;
}

export async function insertAnswer(
  trx: Executor,
  row: CuratedAnswerRow,
  wordings: readonly NewWording[],
): Promise<CuratedAnswerRow> {
  const inserted = await trx
    .insertInto('curated_answers')
    .values({ ...row, alternatives: JSON.stringify(row.alternatives) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertWordings(trx, row.id, row.chatbot_id, wordings);
  return answerRow(inserted);
}

async function insertWordings(
  trx: Executor,
  answerId: string,
  chatbotId: string,
  wordings: readonly NewWording[],
): Promise<void> {
  if (wordings.length === 0) return;
  await trx
    .insertInto('curated_answer_wordings')
    .values(
      wordings.map((wording) => ({
        curated_answer_id: answerId,
        chatbot_id: chatbotId,
        text: wording.text,
        text_key: wording.key,
        model: null,
        dimensions: null,
        embedding: null,
      })),
    )
    .execute();
}

export const findAnswer = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  answerId: string,
): Promise<CuratedAnswerRow | undefined> => {
  const row = await db
    .selectFrom('curated_answers')
    .selectAll()
    .where('chatbot_id', '=', chatbotId)
    .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId))
    .where('id', '=', answerId)
    .executeTakeFirst();
  return row ? answerRow(row) : undefined;
};

export const listAnswers = async (
  db: Executor,
  accountId: string,
  chatbotId: string,
  page: PageRequest,
): Promise<CuratedAnswerRow[]> =>
  (
    await keysetPage(
      db
        .selectFrom('curated_answers')
        .selectAll()
        .where('chatbot_id', '=', chatbotId)
        .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId)),
      'created_at',
      'id',
      page,
    ).execute()
  ).map(answerRow);

export async function updateAnswer(
  trx: Executor,
  answerId: string,
  changes: Pick<CuratedAnswerRow, 'question' | 'alternatives' | 'answer'>,
  now: number,
): Promise<CuratedAnswerRow> {
  return answerRow(
    await trx
      .updateTable('curated_answers')
      .set({
        question: changes.question,
        alternatives: JSON.stringify(changes.alternatives),
        answer: changes.answer,
        updated_at: now,
      })
      .where('id', '=', answerId)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/**
 * Makes the answer's wordings these: those whose key stays keep their row (and vector; the text is
 * updated when only its case or punctuation changed), the others are removed, the new ones added.
 * Returns the wordings added.
 */
export async function replaceWordings(
  trx: Executor,
  answer: Pick<CuratedAnswerRow, 'id' | 'chatbot_id'>,
  wordings: readonly NewWording[],
): Promise<NewWording[]> {
  const existing = await trx
    .selectFrom('curated_answer_wordings')
    .select(['text', 'text_key'])
    .where('curated_answer_id', '=', answer.id)
    .execute();
  const wanted = new Map(wordings.map((wording) => [wording.key, wording.text]));
  const gone = existing.filter((row) => !wanted.has(row.text_key)).map((row) => row.text_key);
  if (gone.length > 0)
    await trx
      .deleteFrom('curated_answer_wordings')
      .where('curated_answer_id', '=', answer.id)
      .where('text_key', 'in', gone)
      .execute();
  for (const row of existing) {
    const text = wanted.get(row.text_key);
    if (text !== undefined && text !== row.text) {
      await trx
        .updateTable('curated_answer_wordings')
        .set({ text })
        .where('curated_answer_id', '=', answer.id)
        .where('text_key', '=', row.text_key)
        .execute();
    }
  }
  const kept = new Set(existing.map((row) => row.text_key));
  const added = wordings.filter((wording) => !kept.has(wording.key));
  await insertWordings(trx, answer.id, answer.chatbot_id, added);
  return added;
}

export async function deleteAnswer(
  db: Executor,
  accountId: string,
  chatbotId: string,
  answerId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('curated_answers')
    .where('chatbot_id', '=', chatbotId)
    .where('chatbot_id', 'in', chatbotIdsOfAccountQuery(db, accountId))
    .where('id', '=', answerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The chatbot's wordings among these keys that belong to another curated answer than `exceptAnswerId`. */
export const takenWordings = (
  trx: Executor,
  chatbotId: string,
  keys: readonly string[],
  exceptAnswerId: string | null,
) => {
  let query = trx
    .selectFrom('curated_answer_wordings')
    .select(['curated_answer_id', 'text', 'text_key'])
    .where('chatbot_id', '=', chatbotId)
    .where('text_key', 'in', [...keys]);
  if (exceptAnswerId) query = query.where('curated_answer_id', '<>', exceptAnswerId);
  return query.execute();
};

/** Every wording of the chatbot's curated answers (read for each question the chatbot answers). */
const wordingsQuery = prepareQuery(1, (db: Executor, chatbotId: string) =>
  db
    .selectFrom('curated_answer_wordings')
    .select(['curated_answer_id', 'text', 'text_key', 'model', 'dimensions'])
    .where('chatbot_id', '=', chatbotId),
);

export const chatbotWordings = (db: Db, chatbotId: string): Promise<WordingRow[]> =>
  wordingsQuery.execute(db, chatbotId);

/** The vectors of the given wordings (by answer and key), made by `model`. */
export async function wordingVectors(
  db: Db,
  chatbotId: string,
  model: string,
  wordings: ReadonlyArray<Pick<WordingRow, 'curated_answer_id' | 'text_key'>>,
): Promise<Array<{ curated_answer_id: string; text_key: string; embedding: Uint8Array }>> {
  if (wordings.length === 0) return [];
  const rows = await db
    .selectFrom('curated_answer_wordings')
    .select(['curated_answer_id', 'text_key', 'embedding'])
    .where('chatbot_id', '=', chatbotId)
    .where('model', '=', model)
    .where('curated_answer_id', 'in', [...new Set(wordings.map((wording) => wording.curated_answer_id))])
    .execute();
  const wanted = new Set(wordings.map((wording) => `${wording.curated_answer_id}\u0000${wording.text_key}`));
  return rows.flatMap((row) =>
    row.embedding && wanted.has(`${row.curated_answer_id}\u0000${row.text_key}`)
      ? [{ ...row, embedding: row.embedding }]
      : [],
  );
}

/** The curated answer's text (what the chatbot sends); undefined when it was deleted meanwhile. */
export const answerText = async (db: Db, answerId: string): Promise<string | undefined> =>
  (await db.selectFrom('curated_answers').select('answer').where('id', '=', answerId).executeTakeFirst())
    ?.answer;

/** The newest curated answer written for each of these report questions (their ids), by question id. */
export async function answersWrittenFor(
  db: Db,
  chatbotId: string,
  questionIds: readonly string[],
): Promise<Map<string, string>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('curated_answers')
    .select(['id', 'from_question'])
    .where('chatbot_id', '=', chatbotId)
    .where('from_question', 'in', [...questionIds])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  // Oldest first, so the newest is set last.
  return new Map(rows.flatMap((row) => (row.from_question ? [[row.from_question, row.id] as const] : [])));
}

/** Wordings without a vector of `model` (new, changed, or made by another model), of any chatbot. */
export const wordingsWithoutVector = (db: Db, model: string, limit: number) =>
  db
    .selectFrom('curated_answer_wordings')
    .select(['curated_answer_id', 'text_key', 'text'])
    .where((eb) => eb.or([eb('model', 'is', null), eb('model', '<>', model)]))
    .orderBy('curated_answer_id')
    .orderBy('text_key')
    .limit(limit)
    .execute();

/** Stores the vectors of wordings, made by `model`; a wording removed or changed meanwhile is left alone. */
export async function storeWordingVectors(
  trx: Executor,
  model: string,
  entries: ReadonlyArray<{ answerId: string; key: string; text: string; vector: Float32Array }>,
): Promise<void> {
  for (const entry of entries) {
    await trx
      .updateTable('curated_answer_wordings')
      .set({
        model,
        dimensions: entry.vector.length,
        embedding: Buffer.from(entry.vector.buffer, entry.vector.byteOffset, entry.vector.byteLength),
      })
      .where('curated_answer_id', '=', entry.answerId)
      .where('text_key', '=', entry.key)
      .where('text', '=', entry.text)
      .execute();
  }
}
