// What the chatbot did with each visitor question: one row per chatbot answer, with the question, whether
// the chatbot could answer it from its knowledge, and the visitor's rating of the answer. The unanswered
// questions report groups these rows by the question's normalised form.
import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema
    .createTable('answer_records')
    .addColumn('message_id', t.text, (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('thread_id', t.text, (c) =>
      c.notNull().references('conversations.thread_id').onDelete('cascade'),
    )
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('question', t.text, (c) => c.notNull())
    .addColumn('question_key', t.text, (c) => c.notNull())
    .addColumn('answered', t.boolean, (c) => c.notNull())
    .addColumn('rating', t.text)
    .addColumn('rated_at', t.timestamp)
    .addColumn('asked_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('answer_records_chatbot_key_idx')
    .on('answer_records')
    .columns(['chatbot_id', 'question_key', 'asked_at'])
    .execute();
  await db.schema.createIndex('answer_records_thread_idx').on('answer_records').column('thread_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('answer_records').execute();
}
