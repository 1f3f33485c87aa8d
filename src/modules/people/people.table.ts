// Sessions of the inbox and invitations to set a password. Only the SHA-256 of a session id or an
// invitation token is stored: a copy of the database signs no one in.
import type { Selectable } from 'kysely';
import type { UserTable } from '../accounts/index.js';

declare module '../../db/database.js' {
  interface Database {
    sessions: SessionTable;
    invitations: InvitationTable;
  }
}

export interface SessionTable {
  id_hash: string;
  user_id: string;
  account_id: string;
  created_at: number;
  /** Refreshed at most once a minute; the session ends after 12 hours without a request. */
  last_seen_at: number;
  /** Absolute end: 7 days after sign-in. */
  expires_at: number;
}

export interface InvitationTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  /** Set when the person chose their password: an invitation works once. */
  used_at: number | null;
}

export type SessionRow = Selectable<SessionTable>;
export type UserRow = Selectable<UserTable>;
export type InvitationRow = Selectable<InvitationTable>;
