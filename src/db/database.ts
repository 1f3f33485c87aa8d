// The database's type. Each module adds its own tables to `Database` through module augmentation in its
// `*.table.ts`, so this file declares none.
//
// Storage conventions, the same on both dialects: timestamps are integer milliseconds since the epoch
// (pg's int8 parser is set to return numbers), booleans are written as JS booleans and typed
// `BooleanColumn` (PostgreSQL reads them back as booleans, SQLite as 1/0: repositories turn them into
// booleans with `toBool` from dialect.ts before a row leaves them), lists and objects are JSON text.
import type { ColumnType, Kysely, SqlBool, Transaction } from 'kysely';

/** A boolean column as the drivers read it (true/false or 1/0), written as a boolean. */
export type BooleanColumn = ColumnType<SqlBool, boolean, boolean>;
/** The same, nullable. */
export type NullableBooleanColumn = ColumnType<SqlBool | null, boolean | null, boolean | null>;

/**
 * Every table of the database. It lists none here: each table belongs to one module, which declares it
 * in its `*.table.ts` by module augmentation (accounts, users and tokens in `modules/accounts`, chatbots in
 * `modules/chatbots`, ...). Only the owning module's repository queries a table; see docs/architecture.md.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the modules' declarations
export interface Database {}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Kysely<Database>;
