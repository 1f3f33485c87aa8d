// Accounts, their team members (users) and their access tokens: the accounts module's tables.
import type { ColumnType } from 'kysely';

declare module '../../db/database.js' {
  interface Database {
    accounts: AccountTable;
    users: UserTable;
    api_tokens: ApiTokenTable;
  }
}

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
