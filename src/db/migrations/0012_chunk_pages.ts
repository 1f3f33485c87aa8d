import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

// A chunk names the page it came from: its title beside the page URL it already had, so an answer cites
// the page (a website's own page, not the site). Chunks stored before this column have no title of their
// own and are cited with their source's title.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('knowledge_chunks').addColumn('title', t.text).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('knowledge_chunks').dropColumn('title').execute();
}
