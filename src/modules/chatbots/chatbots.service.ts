// Chatbots of an account: created by the CLI, the first start and the management API; read, changed
// (name, what it says, how its web chat looks, which sites may embed it) and deleted through the API.
// Deleting a chatbot deletes everything that is its: knowledge (with uploaded files), conversations and
// their messages, leads, curated answers, the questions report, channel connections and allowed origins.
// The account's webhooks, people and tokens stay (a token restricted to it alone then sees no chatbot).
import type { Core } from '../../core.js';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ChatbotTable } from './chatbots.table.js';
import { notFound, validationError } from '../../errors.js';
import type { PageRequest } from '../../db/keyset.js';
import { newId } from '../../lib/ids.js';
import { AccountsError, assertAccountWide, type AccountsService, type Principal } from '../accounts/index.js';
import * as repo from './chatbots.repository.js';
import { storedText, type ChatbotSettings } from './settings.js';

/** The web chat's allowed origins, kept by the channels capability. */
export interface OriginsPort {
  list(db: Executor, chatbotIds: readonly string[]): Promise<Map<string, string[]>>;
  replace(trx: Executor, chatbotId: string, origins: readonly string[], now: number): Promise<void>;
  /** `scheme://host[:port]` as browsers send it; throws an Error saying why for anything else. */
  normalise(raw: string): string;
}

/**
 * What another capability removes of a chatbot being deleted, in the deleting transaction (what the
 * database's cascades cannot: full-text rows, files); it may return a step to run once that committed.
 */
export type ChatbotRemoval = (
  trx: Executor,
  accountId: string,
  chatbotId: string,
) => Promise<(() => Promise<void>) | void>;

export interface ChatbotsDeps extends Pick<Core, 'db' | 'clock'> {
  accounts: Pick<AccountsService, 'findAccount'>;
  origins?: OriginsPort;
  removals?: readonly ChatbotRemoval[];
}

/** A chatbot's whole row. */
export type ChatbotRecord = Selectable<ChatbotTable>;

/** An account's chatbots: made, changed and removed by the team, read by the other capabilities. */
export interface ChatbotsService {
  /** The command line's and first start's: an account id, a name. */
  createChatbot(input: { accountId: string; name: string }): Promise<ChatbotRecord>;
  /** The management API's: with its settings. A token restricted to some chatbots cannot make one (403). */
  create(principal: Principal, input: ChatbotSettings & { name: string }): Promise<ChatbotView>;
  update(
    principal: Principal,
    chatbotId: string,
    input: ChatbotSettings & { name?: string },
  ): Promise<ChatbotView>;
  delete(principal: Principal, chatbotId: string): Promise<void>;
  listChatbots(principal: Principal, page: PageRequest): Promise<ChatbotView[]>;
  /** The auth hook already hid chatbots the token may not see; this reads the row for the response. */
  getChatbot(principal: Principal, chatbotId: string): Promise<ChatbotView>;
  /** Whether the account has this chatbot (the auth hook's check of a path's chatbotId). */
  isOfAccount(accountId: string, chatbotId: string): Promise<boolean>;
  /** What the chatbot says when it cannot answer, when the team set it. */
  fallbackTextOf(chatbotId: string): Promise<string | null>;
  /** Any account's chatbot by id, for callers without a principal (web chat, the CLI). */
  findChatbot(chatbotId: string): Promise<ChatbotRecord | undefined>;
}
export type ChatbotView = repo.ChatbotRow & { allowed_origins: string[] };

export function createChatbotsService({
  db,
  clock,
  accounts,
  origins,
  removals = [],
}: ChatbotsDeps): ChatbotsService {
  async function withOrigins(executor: Executor, rows: repo.ChatbotRow[]): Promise<ChatbotView[]> {
    const byId = origins
      ? await origins.list(
          executor,
          rows.map((row) => row.id),
        )
      : new Map<string, string[]>();
    return rows.map((row) => ({ ...row, allowed_origins: byId.get(row.id) ?? [] }));
  }

  /** The settings as columns (only those sent), and the origins normalised (400 naming the one refused). */
  function columnsOf(input: ChatbotSettings & { name?: string }) {
    const allowed = input.allowedOrigins?.map((raw, i) => {
      try {
        if (!origins) throw new Error('the web chat is not available');
        return origins.normalise(raw);
      } catch (error) {
        throw validationError(`body.allowedOrigins[${i}]`, (error as Error).message);
      }
    });
    if (input.name !== undefined && !input.name.trim())
      throw validationError('body.name', 'must hold a name');
    const columns = {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.greeting !== undefined ? { greeting: storedText(input.greeting) } : {}),
      ...(input.fallbackText !== undefined ? { fallback_text: storedText(input.fallbackText) } : {}),
      ...(input.botName !== undefined ? { bot_name: storedText(input.botName) } : {}),
      ...(input.widget?.title !== undefined ? { widget_title: storedText(input.widget.title) } : {}),
      ...(input.widget?.color !== undefined
        ? { widget_color: input.widget.color?.toLowerCase() ?? null }
        : {}),
      ...(input.widget?.position !== undefined ? { widget_position: input.widget.position } : {}),
    };
    return { columns, allowed: allowed ? [...new Set(allowed)] : undefined };
  }

  return {
    /** The command line's and first start's: an account id, a name. */
    async createChatbot(input: { accountId: string; name: string }) {
      const name = input.name.trim();
      if (!name) throw new AccountsError('a chatbot needs a name');
      if (!(await accounts.findAccount(input.accountId)))
        throw new AccountsError(`no account ${input.accountId}`);
      return repo.insertChatbot(db, {
        id: newId(),
        account_id: input.accountId,
        name,
        created_at: clock.now(),
      });
    },

    /** The management API's: with its settings. A token restricted to some chatbots cannot make one (403). */
    async create(principal: Principal, input: ChatbotSettings & { name: string }): Promise<ChatbotView> {
      assertAccountWide(principal, 'Creating a chatbot');
      const { columns, allowed } = columnsOf(input);
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await repo.insertChatbot(trx, {
          id: newId(),
          account_id: principal.accountId,
          name: input.name.trim(),
          created_at: now,
          ...columns,
        });
        if (allowed && origins) await origins.replace(trx, row.id, allowed, now);
        return (await withOrigins(trx, [row]))[0]!;
      });
    },

    async update(
      principal: Principal,
      chatbotId: string,
      input: ChatbotSettings & { name?: string },
    ): Promise<ChatbotView> {
      const { columns, allowed } = columnsOf(input);
      return db.transaction().execute(async (trx) => {
        const found = await repo.findChatbot(trx, principal.accountId, chatbotId);
        if (!found) throw notFound('chatbot');
        const row =
          Object.keys(columns).length > 0
            ? await repo.updateChatbot(trx, principal.accountId, chatbotId, columns)
            : found;
        if (allowed && origins) await origins.replace(trx, chatbotId, allowed, clock.now());
        return (await withOrigins(trx, [row]))[0]!;
      });
    },

    async delete(principal: Principal, chatbotId: string): Promise<void> {
      const after = await db.transaction().execute(async (trx) => {
        if (!(await repo.findChatbot(trx, principal.accountId, chatbotId))) throw notFound('chatbot');
        const steps: Array<() => Promise<void>> = [];
        for (const removal of removals) {
          const step = await removal(trx, principal.accountId, chatbotId);
          if (step) steps.push(step);
        }
        await repo.deleteChatbot(trx, principal.accountId, chatbotId);
        return steps;
      });
      for (const step of after) await step();
    },

    async listChatbots(principal: Principal, page: PageRequest): Promise<ChatbotView[]> {
      return withOrigins(db, await repo.listChatbots(db, principal.accountId, principal.chatbotIds, page));
    },

    /** The auth hook already hid chatbots the token may not see; this reads the row for the response. */
    async getChatbot(principal: Principal, chatbotId: string): Promise<ChatbotView> {
      const chatbot = await repo.findChatbot(db, principal.accountId, chatbotId);
      if (!chatbot) throw notFound('chatbot');
      return (await withOrigins(db, [chatbot]))[0]!;
    },

    /** Whether the account has this chatbot (the auth hook's check of a path's chatbotId). */
    isOfAccount: async (accountId: string, chatbotId: string): Promise<boolean> =>
      repo.isChatbotOfAccount(db, accountId, chatbotId),

    /** What the chatbot says when it cannot answer, when the team set it. */
    fallbackTextOf: async (chatbotId: string): Promise<string | null> =>
      (await repo.findChatbotById(db, chatbotId))?.fallback_text ?? null,

    /** Any account's chatbot by id, for callers without a principal (web chat, the CLI). */
    findChatbot: (chatbotId: string) => repo.findChatbotById(db, chatbotId),
  };
}
