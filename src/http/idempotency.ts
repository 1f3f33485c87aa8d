// Idempotency-Key, for any route that declares `config: { idempotent: true }`.
//
// - The key is 1 to 255 printable ASCII characters, else 400 validation_error (field `header.idempotency-key`).
// - Keys are kept 24 hours per account, with a digest of the request: method, route, path parameters,
//   query and, for JSON requests, the body (canonical JSON: key order and spacing do not matter).
//   Multipart requests (file uploads) are keyed on the key alone: their body is a stream the handler
//   reads, and hashing up to 50 MiB before the handler would mean buffering it.
// - The first request with a key runs; its status and body are stored when it ends. Repeating the key
//   with the same request replays them with `Idempotent-Replayed: true` and runs nothing again (the
//   replayed envelope carries the new request's id; `Original-Request` names the first one); with
//   another request it is 422 idempotency_key_reused; while the first still runs, 409 idempotency_in_progress.
// - Only answers the route produced are kept: a 5xx (lock_failed, a crash) releases the key so a retry
//   runs again. A running key belongs to the process and request that hold it (`owner_process`,
//   `owner_request`) under a short lease that the process renews while the request runs; when the
//   process dies the renewals stop, and once the lease has passed the next request with the key
//   (through any process) takes it over.
// - Checks run after authentication, request validation and the chatbot check, so a 401, 403, 400 or 404
//   of those never uses a key. Routes without a principal (public ones) do not use keys.
import { createHash, randomBytes } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { Executor } from '../db/database.js';
import { prepareQuery } from '../db/prepared.js';
import { AppError, validationError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import type { RetentionRule } from '../jobs/retention.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Creating POSTs: an Idempotency-Key header makes retries safe. */
    idempotent?: boolean;
  }
}

declare module '../db/database.js' {
  interface Database {
    idempotency_keys: IdempotencyKeyTable;
  }
}

export interface IdempotencyKeyTable {
  account_id: string;
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  response_content_type: string | null;
  /** A `running` key past its lease belonged to a process that died; the next request may take it. */
  lease_until: number;
  /** The process (one app instance) and request running the first request with the key. */
  owner_process: string | null;
  owner_request: string | null;
  created_at: number;
  expires_at: number;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const ORIGINAL_REQUEST_HEADER = 'original-request';
export const KEEP_MS = 24 * 60 * 60 * 1000;
export const LEASE_MS = 30_000;
/** How often a process renews the leases of the keys its requests hold. */
export const RENEW_EVERY_MS = 10_000;
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;

interface Claim {
  accountId: string;
  key: string;
  settled: boolean;
}

/** Requests that hold a key, until their answer is stored or the key released. */
const claims = new WeakMap<FastifyRequest, Claim>();

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` are one request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestDigest(request: FastifyRequest): string {
  const isMultipart = String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/');
  const body = isMultipart ? 'multipart' : canonicalJson(request.body ?? null);
  return createHash('sha256')
    .update(
      canonicalJson([
        request.method,
        request.routeOptions.url ?? '',
        request.params ?? {},
        request.query ?? {},
      ]),
    )
    .update('\n')
    .update(body)
    .digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !VALID_KEY.test(header)) {
    throw validationError('header.idempotency-key', 'must be 1 to 255 printable ASCII characters');
  }
  return header;
}

type Outcome =
  { kind: 'claimed' } | { kind: 'replay'; status: number; body: string; contentType: string | null };

// The statements every request with a key runs, compiled once (named statements on PostgreSQL).
const claimNew = prepareQuery(
  8,
  (
    db: Executor,
    accountId: string,
    key: string,
    digest: string,
    leaseUntil: number,
    ownerProcess: string,
    ownerRequest: string,
    now: number,
    expiresAt: number,
  ) =>
    db
      .insertInto('idempotency_keys')
      .values({
        account_id: accountId,
        key,
        request_hash: digest,
        state: 'running',
        response_status: null,
        response_body: null,
        response_content_type: null,
        lease_until: leaseUntil,
        owner_process: ownerProcess,
        owner_request: ownerRequest,
        created_at: now,
        expires_at: expiresAt,
      })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .returning('key'),
);
const answerStored = prepareQuery(
  5,
  (db: Executor, accountId: string, key: string, status: number, body: string, contentType: string | null) =>
    db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: status, response_body: body, response_content_type: contentType })
      .where('account_id', '=', accountId)
      .where('key', '=', key),
);

/** Takes the key for this request, or says what to answer instead. */
async function claimKey(
  db: Executor,
  now: number,
  owner: { process: string; request: string },
  accountId: string,
  key: string,
  digest: string,
): Promise<Outcome> {
  const fresh = {
    account_id: accountId,
    key,
    request_hash: digest,
    state: 'running' as const,
    response_status: null,
    response_body: null,
    response_content_type: null,
    lease_until: now + LEASE_MS,
    owner_process: owner.process,
    owner_request: owner.request,
    created_at: now,
    expires_at: now + KEEP_MS,
  };
  // Two rounds at most: a stale row is taken over, or a row that vanished in between is inserted again.
  for (let round = 0; round < 2; round++) {
    const inserted = await claimNew.executeTakeFirst(
      db,
      accountId,
      key,
      digest,
      fresh.lease_until,
      owner.process,
      owner.request,
      now,
      fresh.expires_at,
    );
    if (inserted) return { kind: 'claimed' };

    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing) continue;
    const stale = existing.expires_at <= now || (existing.state === 'running' && existing.lease_until <= now);
    if (stale) {
      const taken = await db
        .updateTable('idempotency_keys')
        .set(fresh)
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .where('request_hash', '=', existing.request_hash)
        .where('state', '=', existing.state)
        .where('lease_until', '=', existing.lease_until)
        .where('expires_at', '=', existing.expires_at)
        .returning('key')
        .executeTakeFirst();
      if (taken) return { kind: 'claimed' };
      continue;
    }
    if (existing.request_hash !== digest) {
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request; use a new key.',
      );
    }
    if (
      existing.state === 'running' ||
      existing.response_status === null ||
      existing.response_body === null
    ) {
      throw new AppError(
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still running; retry once it has finished.',
      );
    }
    return {
      kind: 'replay',
      status: existing.response_status,
      body: existing.response_body,
      contentType: existing.response_content_type,
    };
  }
  throw new AppError(
    'idempotency_in_progress',
    'A request with this Idempotency-Key is still running; retry once it has finished.',
  );
}

const release = (db: Executor, claim: Claim) =>
  db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', claim.accountId)
    .where('key', '=', claim.key)
    .where('state', '=', 'running')
    .execute();

async function storeAnswer(db: Executor, claim: Claim, reply: FastifyReply, payload: string): Promise<void> {
  const contentType = reply.getHeader('content-type');
  await answerStored.execute(
    db,
    claim.accountId,
    claim.key,
    reply.statusCode,
    payload,
    typeof contentType === 'string' ? contentType : null,
  );
}

/**
 * The stored answer as this request's: its envelope's `meta.requestId` becomes the new request's id (equal
 * to its X-Request-Id), and the first request's id is returned for the Original-Request header.
 */
function asReplayOf(stored: string, requestId: string): { body: string; originalRequestId: string | null } {
  try {
    const envelope = JSON.parse(stored) as { meta?: { requestId?: unknown } };
    if (!envelope.meta || typeof envelope.meta.requestId !== 'string') return { body: stored, originalRequestId: null };
    const originalRequestId = envelope.meta.requestId;
    return { body: JSON.stringify({ ...envelope, meta: { ...envelope.meta, requestId } }), originalRequestId };
  } catch {
    return { body: stored, originalRequestId: null };
  }
}

/**
 * Adds the Idempotency-Key hooks to every route below `app` that declares `config: { idempotent: true }`,
 * as hooks of those routes alone: the other routes (every read) do not run four hooks that would do
 * nothing. Register it on the instance that will hold the routes, before they are added.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Executor; clock: Clock }): void {
  // This app instance: the owner of the keys its requests hold, renewing their leases while they run.
  const ownerProcess = `p_${randomBytes(9).toString('base64url')}`;
  let held = 0;
  const renew = setInterval(() => {
    if (held === 0) return;
    renewLeases(deps.db, ownerProcess, deps.clock.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'renewing idempotency key leases failed; retrying at the next beat'),
    );
  }, RENEW_EVERY_MS);
  renew.unref();
  app.addHook('onClose', async () => clearInterval(renew));

  // preValidation: a malformed key is a 400 of the request's shape, checked with the body.
  const checkKey: preValidationAsyncHookHandler = async (request) => {
    keyOf(request);
  };

  const claim: preHandlerAsyncHookHandler = async (request, reply) => {
    if (!request.principal) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const accountId = request.principal.accountId;
    const owner = { process: ownerProcess, request: request.id };
    const outcome = await claimKey(deps.db, deps.clock.now(), owner, accountId, key, requestDigest(request));
    if (outcome.kind === 'claimed') {
      claims.set(request, { accountId, key, settled: false });
      held++;
      return;
    }
    const replayed = asReplayOf(outcome.body, request.id);
    reply.code(outcome.status).header(REPLAYED_HEADER, 'true');
    if (replayed.originalRequestId) reply.header(ORIGINAL_REQUEST_HEADER, replayed.originalRequestId);
    if (outcome.contentType) reply.header('content-type', outcome.contentType);
    return reply.send(replayed.body);
  };

  const settle: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    held--;
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await release(deps.db, claim);
    } else {
      await storeAnswer(deps.db, claim, reply, payload.toString());
    }
    return payload;
  };

  // A request that ended without its answer passing onSend gives its key back. (A client that hangs up
  // does not: the handler keeps running, and its answer is still stored for the retry.)
  const releaseUnsettled: onResponseAsyncHookHandler = async (request) => {
    const claim = claims.get(request);
    if (!claim || claim.settled) return;
    claim.settled = true;
    held--;
    await release(deps.db, claim);
  };

  // Before the route's own hooks of each kind, where hooks of the instance would have run.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preValidation = [checkKey, ...hooksOf(route.preValidation)];
    route.preHandler = [claim, ...hooksOf(route.preHandler)];
    route.onSend = [settle, ...hooksOf(route.onSend)];
    route.onResponse = [releaseUnsettled, ...hooksOf(route.onResponse)];
  });
}

const hooksOf = <H>(hooks: H | H[] | undefined): H[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/** Extends the lease of every key the requests of `ownerProcess` are running. */
export async function renewLeases(db: Executor, ownerProcess: string, now: number): Promise<number> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ lease_until: now + LEASE_MS })
    .where('owner_process', '=', ownerProcess)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Forgets keys older than 24 hours, a batch at a time (through the expiry index). */
export const idempotencyRetention = (db: Executor): RetentionRule => ({
  name: 'idempotency_keys',
  async removeBatch(now, limit) {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('account_id', 'key'),
          'in',
          selectFrom('idempotency_keys')
            .select(['account_id', 'key'])
            .where('expires_at', '<=', now)
            .orderBy('expires_at')
            .limit(limit)
            .$asTuple('account_id', 'key'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});
