// A token as the API shows it: never its secret or hash.
import { iso, isoOrNull } from '../../lib/clock.js';
import { isPermission } from '../accounts/index.js';
import type { ListedTokenRow as TokenRow } from '../accounts/index.js';

export const tokenStatus = (row: Pick<TokenRow, 'revoked_at' | 'expires_at'>, now: number) =>
  row.revoked_at !== null
    ? ('revoked' as const)
    : row.expires_at !== null && row.expires_at <= now
      ? ('expired' as const)
      : ('active' as const);

export const presentToken = (row: TokenRow, now: number) => ({
  id: row.id,
  name: row.name ?? '',
  userId: row.user_id,
  userName: row.user_name,
  permissions: (JSON.parse(row.scopes) as string[]).filter(isPermission),
  chatbotIds: row.chatbot_ids === null ? null : (JSON.parse(row.chatbot_ids) as string[]),
  status: tokenStatus(row, now),
  expiresAt: isoOrNull(row.expires_at),
  revokedAt: isoOrNull(row.revoked_at),
  lastUsedAt: isoOrNull(row.last_used_at),
  createdAt: iso(row.created_at),
});
