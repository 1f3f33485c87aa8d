// The chunks' embeddings (EMBEDDINGS_MODEL): stored beside the chunks with the model that made them, and
// the nearest of the chatbot's ready chunks to a question's vector, which retrieval (the answers module)
// reads through its NearestChunks port to rank by meaning.
//
// Storage is whatever the migration could make (it looks at the column's type): pgvector on a PostgreSQL
// server that has the extension, ranked in SQL with its `<=>` distance; else a blob of 32-bit floats
// (SQLite, or PostgreSQL without pgvector), ranked here: the newest VECTOR_SCAN vectors of the chatbot
// are compared (stored at length 1, so a dot product is the cosine), which bounds the work per question
// whatever the size of the knowledge. Reading them is what costs (60 MB for 10,000 vectors of 1,536
// dimensions), so they stay in memory between questions, up to EMBEDDINGS_CACHE_MB for all chatbots, as long
// as the chatbot's vectors have not changed (same count, same newest row id: ids only grow). The best of
// them are then read with their source's status, so a source deleted or no longer ready never comes back.
// What is kept (those vectors, and which storage the migration made) is a VectorCache, which the knowledge
// runtime creates (so the composition root) and empties when it closes: it belongs to one service, and
// none of it outlives that service.
//
// Vectors of another model are never compared (their sizes and spaces differ): after a model change the
// `knowledge.embed` job re-embeds the ready chunks, and until it is done they are found by words alone.
import { sql, type SqlBool } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { dialectOf, toBool } from '../../../db/dialect.js';
import { rememberedPerKey } from '../../../lib/remembered.js';
import type { ChunkHit } from '../../answers/index.js';

/** Without pgvector: vectors compared per question, the newest chunks first. About 60 MB at 1,536 dimensions. */
const VECTOR_SCAN = 10_000;
/** Candidates read with their source's status for each passage asked for: some may belong to sources not ready. */
const CONFIRM_FACTOR = 3;
/** Rows per INSERT: well under the bound-parameter limits. */
const VECTOR_INSERT_BATCH = 200;

type Storage = { kind: 'blob' } | { kind: 'pgvector'; schema: string };

/** The newest VECTOR_SCAN vectors of a chatbot by one model, one after the other in `matrix`. */
interface ScannedVectors {
  /** Row count and newest row id of the chatbot's vectors when read: they change with any write. */
  fingerprint: string;
  chunkIds: number[];
  matrix: Float32Array;
}

/**
 * What the vector ranking keeps between questions, per database (by its adapter: one object for a
 * database and all its transactions): which storage the migration made, and without pgvector the
 * chatbots' vectors, all together up to `maxBytes` (EMBEDDINGS_CACHE_MB), the least recently used dropped first.
 */
export class VectorCache {
  readonly storages = new Map<object, Promise<Storage>>();
  readonly scanned = new Map<object, Map<string, ScannedVectors>>();

  constructor(readonly maxBytes: number) {}

  /** The bytes of the vectors held now. */
  get bytes(): number {
    let sum = 0;
    for (const cache of this.scanned.values())
      for (const entry of cache.values()) sum += entry.matrix.byteLength;
    return sum;
  }

  clear(): void {
    this.storages.clear();
    this.scanned.clear();
  }
}

/** Which storage the migration made; asked once per database (again after a failed ask). */
function storageOf(db: Executor, cache: VectorCache): Promise<Storage> {
  return rememberedPerKey(cache.storages, db.getExecutor().adapter, () =>
    dialectOf(db) === 'sqlite'
      ? Promise.resolve({ kind: 'blob' })
      : sql<{ type: string; schema: string }>`
            select t.typname as type, n.nspname as schema
            from pg_attribute a join pg_type t on t.oid = a.atttypid join pg_namespace n on n.oid = t.typnamespace
            where a.attrelid = 'knowledge_chunk_vectors'::regclass and a.attname = 'embedding'`
          .execute(db)
          .then(({ rows }): Storage =>
            rows[0]?.type === 'vector' ? { kind: 'pgvector', schema: rows[0].schema } : { kind: 'blob' },
          ),
  );
}

const pgvectorType = (schema: string) => sql`${sql.id(schema)}.vector`;
const pgvectorLiteral = (vector: Float32Array) => `[${Array.from(vector).join(',')}]`;

function encoded(storage: Storage, vector: Float32Array) {
  if (storage.kind === 'pgvector')
    return sql`cast(${pgvectorLiteral(vector)} as ${pgvectorType(storage.schema)})`;
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function decoded(blob: Uint8Array): Float32Array {
  // A Float32Array needs its start at a multiple of 4 bytes; a driver's buffer may sit anywhere in its pool.
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4);
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}

/** Stores (or replaces) the vectors of chunks, made by `model`. Chunks deleted meanwhile are skipped. */
export async function storeVectors(
  trx: Executor,
  cache: VectorCache,
  model: string,
  entries: ReadonlyArray<{ chunkId: number; chatbotId: string; vector: Float32Array }>,
): Promise<void> {
  if (entries.length === 0) return;
  const storage = await storageOf(trx, cache);
  for (let start = 0; start < entries.length; start += VECTOR_INSERT_BATCH) {
    const batch = entries.slice(start, start + VECTOR_INSERT_BATCH);
    const ids = batch.map((entry) => entry.chunkId);
    const alive = new Set(
      (await trx.selectFrom('knowledge_chunks').select('id').where('id', 'in', ids).execute()).map((row) =>
        Number(row.id),
      ),
    );
    await trx.deleteFrom('knowledge_chunk_vectors').where('chunk_id', 'in', ids).execute();
    const rows = batch
      .filter((entry) => alive.has(entry.chunkId))
      .map((entry) => ({
        chunk_id: entry.chunkId,
        chatbot_id: entry.chatbotId,
        model,
        dimensions: entry.vector.length,
        embedding: encoded(storage, entry.vector),
      }));
    if (rows.length > 0) await trx.insertInto('knowledge_chunk_vectors').values(rows).execute();
  }
}

/** Stores the vectors of a source's chunks, given in the chunks' order (position). */
export async function storeSourceVectors(
  trx: Executor,
  cache: VectorCache,
  sourceId: string,
  model: string,
  vectors: readonly Float32Array[],
): Promise<void> {
  const chunks = await trx
    .selectFrom('knowledge_chunks')
    .select(['id', 'chatbot_id'])
    .where('source_id', '=', sourceId)
    .orderBy('position')
    .execute();
  if (chunks.length !== vectors.length)
    throw new Error(`${vectors.length} vectors for ${chunks.length} chunks of source ${sourceId}`);
  await storeVectors(
    trx,
    cache,
    model,
    chunks.map((chunk, i) => ({
      chunkId: Number(chunk.id),
      chatbotId: chunk.chatbot_id,
      vector: vectors[i]!,
    })),
  );
}

/**
 * The vectors of `model` the source's current chunks have, by their text: a refresh that finds a page
 * unchanged embeds none of its chunks again.
 */
export async function storedVectorsByText(
  db: Db,
  cache: VectorCache,
  sourceId: string,
  model: string,
): Promise<Map<string, Float32Array>> {
  const storage = await storageOf(db, cache);
  const rows = await db
    .selectFrom('knowledge_chunk_vectors as v')
    .innerJoin('knowledge_chunks as c', 'c.id', 'v.chunk_id')
    .select([
      'c.text',
      storage.kind === 'pgvector' ? sql<string>`v.embedding::text`.as('embedding') : 'v.embedding',
    ])
    .where('c.source_id', '=', sourceId)
    .where('v.model', '=', model)
    .execute();
  return new Map(
    rows.map((row) => [
      row.text,
      typeof row.embedding === 'string'
        ? Float32Array.from(JSON.parse(row.embedding) as number[])
        : decoded(row.embedding as Uint8Array),
    ]),
  );
}

/** Chunks of ready sources without a vector of `model` (never embedded, or by another model), oldest first. */
export async function chunksWithoutVectors(db: Executor, model: string, limit: number) {
  const rows = await db
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_sources as s', 's.id', 'c.source_id')
    .select(['c.id', 'c.chatbot_id', 'c.text'])
    .where('s.status', '=', 'ready')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('knowledge_chunk_vectors as v')
            .select('v.chunk_id')
            .whereRef('v.chunk_id', '=', 'c.id')
            .where('v.model', '=', model),
        ),
      ),
    )
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), chatbotId: row.chatbot_id, text: row.text }));
}

type RawHit = Omit<ChunkHit, 'is_source_of_truth'> & { is_source_of_truth: SqlBool };

/** The chatbot's ready chunks most alike the question's vector, best first; `score` is the cosine similarity. */
export async function nearestChunks(
  db: Db,
  cache: VectorCache,
  chatbotId: string,
  model: string,
  question: Float32Array,
  limit: number,
): Promise<ChunkHit[]> {
  const storage = await storageOf(db, cache);
  if (storage.kind === 'pgvector') {
    const target = sql`cast(${pgvectorLiteral(question)} as ${pgvectorType(storage.schema)})`;
    const distance = sql`v.embedding operator(${sql.id(storage.schema)}.<=>) ${target}`;
    const { rows } = await sql<RawHit>`
      select c.id, c.source_id, coalesce(c.title, s.title) as title, coalesce(c.url, s.url) as url, c.text, s.is_source_of_truth,
             1 - (${distance}) as score
      from knowledge_chunk_vectors v
      join knowledge_chunks c on c.id = v.chunk_id
      join knowledge_sources s on s.id = c.source_id
      where v.chatbot_id = ${chatbotId} and v.model = ${model} and v.dimensions = ${question.length} and s.status = 'ready'
      order by ${distance}, c.id desc
      limit ${limit}`.execute(db);
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      score: Number(row.score),
      is_source_of_truth: toBool(row.is_source_of_truth),
    }));
  }

  const scanned = await chatbotVectors(db, cache, chatbotId, model, question.length);
  const best = topByDot(question, scanned, limit * CONFIRM_FACTOR);
  if (best.length === 0) return [];
  const scores = new Map(best.map((hit) => [hit.id, hit.score]));
  const rows = await db
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_sources as s', 's.id', 'c.source_id')
    .select((eb) => [
      'c.id',
      'c.source_id',
      eb.fn.coalesce('c.title', 's.title').as('title'),
      eb.fn.coalesce('c.url', 's.url').as('url'),
      'c.text',
      's.is_source_of_truth',
    ])
    // Read again with the source's status: one deleted or refreshed since the scan is not returned.
    .where('c.id', 'in', [...scores.keys()])
    .where('s.status', '=', 'ready')
    .execute();
  return rows
    .map((row) => ({
      ...row,
      id: Number(row.id),
      score: scores.get(Number(row.id))!,
      is_source_of_truth: toBool(row.is_source_of_truth),
    }))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, limit);
}

async function chatbotVectors(
  db: Db,
  vectors: VectorCache,
  chatbotId: string,
  model: string,
  dimensions: number,
): Promise<ScannedVectors> {
  const scope = (v: 'v' | 'w') =>
    sql<SqlBool>`${sql.ref(`${v}.chatbot_id`)} = ${chatbotId} and ${sql.ref(`${v}.model`)} = ${model} and ${sql.ref(`${v}.dimensions`)} = ${dimensions}`;
  const { rows } = await sql<{ n: number | string; newest: number | string | null }>`
    select count(*) as n, max(v.id) as newest from knowledge_chunk_vectors v where ${scope('v')}`.execute(db);
  const fingerprint = `${rows[0]?.n ?? 0}:${rows[0]?.newest ?? ''}`;
  let cache = vectors.scanned.get(db.getExecutor().adapter);
  if (!cache) vectors.scanned.set(db.getExecutor().adapter, (cache = new Map()));
  const key = JSON.stringify([chatbotId, model, dimensions]);
  const cached = cache.get(key);
  if (cached?.fingerprint === fingerprint) {
    cache.delete(key);
    cache.set(key, cached); // the most recently used last
    return cached;
  }
  const stored = await db
    .selectFrom('knowledge_chunk_vectors as w')
    .select(['w.chunk_id', 'w.embedding'])
    .where(scope('w'))
    .orderBy('w.chunk_id', 'desc')
    .limit(VECTOR_SCAN)
    .execute();
  const matrix = new Float32Array(stored.length * dimensions);
  stored.forEach((row, i) => matrix.set(decoded(row.embedding as Uint8Array), i * dimensions));
  const scanned = { fingerprint, chunkIds: stored.map((row) => Number(row.chunk_id)), matrix };
  cache.delete(key);
  cache.set(key, scanned);
  let bytes = [...cache.values()].reduce((sum, entry) => sum + entry.matrix.byteLength, 0);
  for (const [oldest, entry] of cache) {
    if (bytes <= vectors.maxBytes || oldest === key) break;
    cache.delete(oldest);
    bytes -= entry.matrix.byteLength;
  }
  return scanned;
}

/** The `count` chunks whose vectors have the largest dot product with the question's, best first. */
function topByDot(
  question: Float32Array,
  scanned: ScannedVectors,
  count: number,
): Array<{ id: number; score: number }> {
  const dimensions = question.length;
  const { matrix, chunkIds } = scanned;
  // The best so far, best first: a new score goes in only when it beats the last kept one (few do).
  const best: Array<{ id: number; score: number }> = [];
  for (let row = 0; row < chunkIds.length; row++) {
    let sum = 0;
    const offset = row * dimensions;
    for (let i = 0; i < dimensions; i++) sum += question[i]! * matrix[offset + i]!;
    if (best.length === count && sum <= best[count - 1]!.score) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < sum) at--;
    best.splice(at, 0, { id: chunkIds[row]!, score: sum });
    if (best.length > count) best.pop();
  }
  return best;
}
