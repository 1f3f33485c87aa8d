import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// Curated answers: the team's own answers to questions, matched before any knowledge source and sent
// verbatim. A curated answer's wordings (its question and its other wordings) are kept apart too, one row
// each, with the normalised form each is matched and kept unique by within the chatbot and, with
// EMBEDDINGS_MODEL, its vector (a blob of little-endian 32-bit floats on both databases: a chatbot's
// wordings are few, and compared in the process). An answer record names the curated answer that answered.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const t = columnTypes(dialect);
  await db.schema
    .createTable('curated_answers')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('chatbot_id', t.id, (c) => c.notNull().references('chatbots.id').onDelete('cascade'))
    .addColumn('question', t.text, (c) => c.notNull())
    .addColumn('alternatives', t.json, (c) => c.notNull())
    .addColumn('answer', t.text, (c) => c.notNull())
    .addColumn('from_question', t.text)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('curated_answers_chatbot_created_idx')
    .on('curated_answers')
    .columns(['chatbot_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('curated_answers_from_question_idx')
    .on('curated_answers')
    .columns(['chatbot_id', 'from_question'])
    .execute();

  await db.schema
    .createTable('curated_answer_wordings')
    .addColumn('curated_answer_id', t.id, (c) =>
      c.notNull().references('curated_answers.id').onDelete('cascade'),
    )
    .addColumn('chatbot_id', t.id, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('text_key', t.text, (c) => c.notNull())
    .addColumn('model', t.text)
    .addColumn('dimensions', t.integer)
    .addColumn('embedding', dialect === 'postgres' ? sql`bytea` : sql`blob`)
    .addPrimaryKeyConstraint('curated_answer_wordings_pk', ['curated_answer_id', 'text_key'])
    .execute();
  // One wording per chatbot: two curated answers to one question would leave the chatbot to guess.
  await db.schema
    .createIndex('curated_answer_wordings_chatbot_key_idx')
    .on('curated_answer_wordings')
    .columns(['chatbot_id', 'text_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('curated_answer_wordings_model_idx')
    .on('curated_answer_wordings')
    .columns(['model'])
    .execute();

  await db.schema
    .alterTable('answer_records')
    .addColumn('curated_answer_id', t.id, (c) => c.references('curated_answers.id').onDelete('set null'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('answer_records').dropColumn('curated_answer_id').execute();
  await db.schema.dropTable('curated_answer_wordings').execute();
  await db.schema.dropTable('curated_answers').execute();
}
