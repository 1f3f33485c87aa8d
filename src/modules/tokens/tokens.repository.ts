// Access tokens as the management API lists them: all SQL for that lives here (creating, revoking and
// authenticating stay with the accounts module).
import type { Executor } from '../../db/database.js';
import { keysetPage, type PageRequest } from '../../db/keyset.js';

/** What a list shows of a token: never its hash. */
const LISTED = [
  'api_tokens.id',
  'api_tokens.name',
  'api_tokens.user_id',
  'users.name as user_name',
  'api_tokens.scopes',
  'api_tokens.chatbot_ids',
  'api_tokens.expires_at',
  'api_tokens.revoked_at',
  'api_tokens.last_used_at',
  'api_tokens.created_at',
] as const;

const tokensOf = (db: Executor, accountId: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(LISTED)
    .where('api_tokens.account_id', '=', accountId);

export const listTokens = (db: Executor, accountId: string, page: PageRequest) =>
  keysetPage(tokensOf(db, accountId), 'api_tokens.created_at', 'api_tokens.id', page).execute();

export const findToken = (db: Executor, accountId: string, tokenId: string) =>
  tokensOf(db, accountId).where('api_tokens.id', '=', tokenId).executeTakeFirst();

export type TokenRow = NonNullable<Awaited<ReturnType<typeof findToken>>>;
