// Idempotency-Key, for any route that declares `config: { idempotent: true }`.
//
// - The key is 1 to 255 printable ASCII characters, else 400 validation_error (field `header.idempotency-key`).
// - Keys are kept 24 hours per account, with a digest of the request: method, route, path parameters,
//   query and the body (canonical JSON: key order and spacing do not matter).
// - A route whose handler reads its body as a stream (a file upload: `idempotent: 'streamed-body'`) cannot
//   be digested before its handler runs, and buffering up to 50 MiB first is out of the question. The key
//   is taken before the body is read; the handler hashes the body as it reads it and hands over its
//   fingerprint (`matchStreamedBody`), which is stored with the answer. When the key already holds an
//   answer (`hasAnswerForKey`), the handler only reads the body to compare: the same fingerprint replays,
//   another is 422, and the first request's work is not done again. An answer given before the body was
//   read (a refusal of the request as such) gives the key back, as a 400 of request validation would.
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
    /**
     * Creating POSTs: an Idempotency-Key header makes retries safe. `'streamed-body'`: the handler reads
     * the body itself and gives its fingerprint through `matchStreamedBody`.
     */
    idempotent?: boolean | 'streamed-body';
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
  /** The request's digest; null while a streamed body has not been read. */
  digest: string | null;
  settled: boolean;
}

/** Requests that hold a key, until their answer is stored or the key released. */
const claims = new WeakMap<FastifyRequest, Claim>();

interface StoredAnswer {
  digest: string;
  status: number;
  body: string;
  contentType: string | null;
}

/** Streamed-body requests whose key already holds an answer: their body decides between replay and 422. */
const storedAnswers = new WeakMap<FastifyRequest, StoredAnswer>();

/** The digest column of a key taken before its streamed body was read: it matches no request. */
const BODY_NOT_READ = '';

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

/** The request's digest, with `body` standing for its body (a streamed body's fingerprint). */
export function requestDigest(request: FastifyRequest, body: unknown = request.body): string {
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
    .update(canonicalJson(body ?? null))
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

type Outcome = { kind: 'claimed' } | ({ kind: 'replay' } & StoredAnswer);

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
  6,
  (
    db: Executor,
    accountId: string,
    key: string,
    digest: string,
    status: number,
    body: string,
    contentType: string | null,
  ) =>
    db
      .updateTable('idempotency_keys')
      .set({
        request_hash: digest,
        state: 'done',
        response_status: status,
        response_body: body,
        response_content_type: contentType,
      })
      .where('account_id', '=', accountId)
      .where('key', '=', key),
);

/**
 * Takes the key for this request, or says what to answer instead. `digest` null: a streamed body not read
 * yet, which a running key cannot be compared with (409) and a stored answer is returned for (`replay`,
 * carrying its digest for the caller to compare).
 */
async function claimKey(
  db: Executor,
  now: number,
  owner: { process: string; request: string },
  accountId: string,
  key: string,
  digest: string | null,
): Promise<Outcome> {
  const fresh = {
    account_id: accountId,
    key,
    request_hash: digest ?? BODY_NOT_READ,
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
      fresh.request_hash,
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
    if (digest !== null && existing.request_hash !== digest) throw keyReused();
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
      digest: existing.request_hash,
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

const keyReused = () =>
  new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request; use a new key.',
  );

const release = (db: Executor, claim: Claim) =>
  db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', claim.accountId)
    .where('key', '=', claim.key)
    .where('state', '=', 'running')
    .execute();

async function storeAnswer(
  db: Executor,
  claim: Claim,
  digest: string,
  reply: FastifyReply,
  payload: string,
): Promise<void> {
  const contentType = reply.getHeader('content-type');
  await answerStored.execute(
    db,
    claim.accountId,
    claim.key,
    digest,
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
    if (!envelope.meta || typeof envelope.meta.requestId !== 'string')
      return { body: stored, originalRequestId: null };
    const originalRequestId = envelope.meta.requestId;
    return {
      body: JSON.stringify({ ...envelope, meta: { ...envelope.meta, requestId } }),
      originalRequestId,
    };
  } catch {
    return { body: stored, originalRequestId: null };
  }
}

/** Answers the request with the stored answer of its key. */
function sendReplay(request: FastifyRequest, reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  const replayed = asReplayOf(stored.body, request.id);
  reply.code(stored.status).header(REPLAYED_HEADER, 'true');
  if (replayed.originalRequestId) reply.header(ORIGINAL_REQUEST_HEADER, replayed.originalRequestId);
  if (stored.contentType) reply.header('content-type', stored.contentType);
  return reply.send(replayed.body);
}

/**
 * For a route with `idempotent: 'streamed-body'`, before it reads its body: true when the request's key
 * already holds an answer, so the body is read only to be compared (`matchStreamedBody` replays or
 * refuses) and the route's work is not done.
 */
export function hasAnswerForKey(request: FastifyRequest): boolean {
  return storedAnswers.has(request);
}

/**
 * For a route with `idempotent: 'streamed-body'`, once its body is read: `fingerprint` stands for the body
 * in the request's digest (canonical JSON: the parts as the route reads them, a file by its hash). When
 * the key holds an answer, the same digest replays it ('replayed': the reply is sent) and another is 422
 * idempotency_key_reused. When this request holds the key, the digest is kept to be stored with its
 * answer ('run'); without a key, 'run' too.
 */
export function matchStreamedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: unknown,
): 'run' | 'replayed' {
  const stored = storedAnswers.get(request);
  if (stored) {
    if (stored.digest !== requestDigest(request, fingerprint)) throw keyReused();
    sendReplay(request, reply, stored);
    return 'replayed';
  }
  const claim = claims.get(request);
  if (claim && !claim.settled) claim.digest = requestDigest(request, fingerprint);
  return 'run';
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
    const streamed = request.routeOptions.config.idempotent === 'streamed-body';
    const digest = streamed ? null : requestDigest(request);
    const outcome = await claimKey(deps.db, deps.clock.now(), owner, accountId, key, digest);
    if (outcome.kind === 'claimed') {
      claims.set(request, { accountId, key, digest, settled: false });
      held++;
      return;
    }
    if (streamed) {
      storedAnswers.set(request, outcome);
      return;
    }
    return sendReplay(request, reply, outcome);
  };

  const settle: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    held--;
    // An answer given before a streamed body was read does not use the key either.
    if (
      reply.statusCode >= 500 ||
      claim.digest === null ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      await release(deps.db, claim);
    } else {
      await storeAnswer(deps.db, claim, claim.digest, reply, payload.toString());
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

const hooksOf = <H>(hooks: H | H[] | undefined): H[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

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
