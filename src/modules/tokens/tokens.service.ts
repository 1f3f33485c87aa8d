// Access tokens through the management API: list (never a secret), create (the secret shown once),
// revoke. A token is made for the calling person and never gives more than the caller has: no permission
// it lacks. Tokens concern the whole account: a token restricted to some chatbots cannot manage them.
import type { Core } from '../../core.js';
import { AppError, notFound, validationError } from '../../errors.js';
import type { PageRequest } from '../../db/keyset.js';
import { isUuid } from '../../lib/ids.js';
import {
  assertAccountWide,
  findAccountToken,
  listAccountTokens,
  type AccountsService,
  type ListedTokenRow,
  type Principal,
} from '../accounts/index.js';
import type { Static } from 'typebox';
import type { NewTokenBody } from './tokens.schemas.js';

export interface TokensDeps extends Pick<Core, 'db'> {
  accounts: Pick<AccountsService, 'createToken' | 'revokeToken'>;
  chatbots: { isOfAccount(accountId: string, chatbotId: string): Promise<boolean> };
}

/** The access tokens of the account's people, managed over the API. */
export interface TokensService {
  list(principal: Principal, page: PageRequest): Promise<ListedTokenRow[]>;
  /** The new token's row and its secret, shown this once. */
  create(principal: Principal, input: NewToken): Promise<{ row: ListedTokenRow; secret: string }>;
  /** Revoked at once: requests with it get 401 and its live streams end within seconds, in every process. */
  revoke(principal: Principal, tokenId: string): Promise<ListedTokenRow>;
}

export type NewToken = Static<typeof NewTokenBody>;

export function createTokensService({ db, accounts, chatbots }: TokensDeps): TokensService {
  async function accountToken(principal: Principal, tokenId: string) {
    assertAccountWide(principal, 'Managing tokens');
    const row = isUuid(tokenId) ? await findAccountToken(db, principal.accountId, tokenId) : undefined;
    if (!row) throw notFound('token');
    return row;
  }

  return {
    list(principal: Principal, page: PageRequest) {
      assertAccountWide(principal, 'Managing tokens');
      return listAccountTokens(db, principal.accountId, page);
    },

    async create(principal: Principal, input: NewToken) {
      assertAccountWide(principal, 'Managing tokens');
      const lacking = [...new Set(input.permissions)].filter(
        (permission) => !principal.permissions.has(permission),
      );
      if (lacking.length > 0)
        throw new AppError('forbidden', `A token cannot give what its maker lacks: ${lacking.join(', ')}.`);
      const chatbotIds = input.chatbotIds ? [...new Set(input.chatbotIds)] : null;
      for (const [i, id] of (chatbotIds ?? []).entries()) {
        if (!isUuid(id) || !(await chatbots.isOfAccount(principal.accountId, id)))
          throw validationError(`body.chatbotIds[${i}]`, 'is not a chatbot of this account');
      }
      const created = await accounts.createToken({
        userId: principal.userId,
        accountId: principal.accountId,
        scopes: [...new Set(input.permissions)],
        chatbotIds,
        expiresInDays: input.expiresInDays ?? null,
        name: input.name.trim(),
      });
      const row = await findAccountToken(db, principal.accountId, created.id);
      if (!row) throw notFound('token');
      return { row, secret: created.token };
    },

    /** Revoked at once: requests with it get 401 and its live streams end within seconds, in every process. */
    async revoke(principal: Principal, tokenId: string) {
      const row = await accountToken(principal, tokenId);
      if (row.revoked_at !== null) return row;
      await accounts.revokeToken(row.id, principal.accountId);
      return (await findAccountToken(db, principal.accountId, row.id)) ?? row;
    },
  };
}
