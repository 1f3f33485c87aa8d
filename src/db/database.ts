// Table interfaces of the whole database. Each capability adds its own tables to `Database` through
// module augmentation in its `*.table.ts`, so this file lists only the foundation.
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

export interface AccountTable {
  id: string;
  name: string;
  subscription_status: 'active' | 'inactive';
  created_at: number;
}

export interface UserTable {
  id: string;
  account_id: string;
  name: string;
  /** Stored in lower case. */
  email: string;
  created_at: number;
  /** `scrypt$N$r$p$salt$hash`; null until the person sets a password. */
  password_hash: string | null;
  password_changed_at: number | null;
  /** Set by `users disable`: sign-in is refused and sessions end. */
  disabled_at: number | null;
  /** owner, admin or agent (see Role); agent when not given. */
  role: ColumnType<string, string | undefined, string>;
}

export interface ChatbotTable {
  id: string;
  account_id: string;
  name: string;
  created_at: number;
  /** The chatbot's first message to a visitor; null: the widget's own. */
  greeting: string | null;
  /** What it says when it cannot answer; null: the service's own words. */
  fallback_text: string | null;
  /** The name it speaks as in the widget; null: the chatbot's name. */
  bot_name: string | null;
  widget_title: string | null;
  /** #rrggbb */
  widget_color: string | null;
  /** bottom-right or bottom-left */
  widget_position: string | null;
}

export interface ApiTokenTable {
  id: string;
  account_id: string;
  user_id: string;
  name: string | null;
  token_hash: string;
  scopes: string;
  chatbot_ids: string | null;
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
  /** Written at most once a minute. */
  last_used_at: number | null;
}

export interface Database {
  accounts: AccountTable;
  users: UserTable;
  chatbots: ChatbotTable;
  api_tokens: ApiTokenTable;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Kysely<Database>;
