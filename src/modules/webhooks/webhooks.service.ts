// The rules of webhook endpoints (spec "Webhook endpoints"): who sees what, what a valid
// endpoint is, the limit of 10 per account, and the test and manual-retry sends.
//
// Endpoints belong to the account, not to a chatbot: a token restricted to some chatbots still lists,
// tests and removes every endpoint of its account (they carry events of all its chatbots).
import type { Core } from '../../core.js';
import type { Config } from '../../config.js';
import type { DeclaredEventBody } from '../../events/catalogue.js';
import { newEventId } from '../../events/emit.js';
import { AppError, notFound, validationError } from '../../errors.js';
import type { PageRequest } from '../../db/keyset.js';
import { iso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { OutboundBlockedError, OutboundResolveError } from '../../net/outbound-guard.js';
import type { Principal } from '../accounts/index.js';
import { findEventOfAccount, insertEvent } from '../../events/events.repository.js';
import { removePendingDeliveries } from './attempt-record.js';
import { explainOutcome, sendEvent, type AttemptOutcome } from './delivery.js';
import { newWebhookSecret } from './signature.js';
import * as repo from './webhooks.repository.js';
import type { WebhookRuntime } from './webhooks.runtime.js';
import type { DeliveryTrigger, WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.table.js';
import type { Static } from 'typebox';
import type { NewEndpointBody, SendResult } from './webhooks.schemas.js';
import { ENDPOINT_LIMIT, MAX_URL_LENGTH, TEST_EVENT } from './webhooks.rules.js';

/** What the webhooks service and jobs work with. */
export interface WebhooksDeps extends Pick<Core, 'db' | 'clock' | 'logger'> {
  config: Pick<Config, 'webhookTimeoutMs' | 'webhookRetryDelaysMs' | 'webhookDisableAfter'>;
  runtime: WebhookRuntime;
}

/** The account's webhook endpoints and their deliveries. */
export interface WebhooksService {
  createEndpoint(principal: Principal, input: NewEndpoint): Promise<WebhookEndpointRow>;
  listEndpoints(principal: Principal, page: PageRequest): Promise<WebhookEndpointRow[]>;
  deleteEndpoint(principal: Principal, webhookId: string): Promise<void>;
  listDeliveries(principal: Principal, webhookId: string, page: PageRequest): Promise<WebhookDeliveryRow[]>;
  /** Sends a signed webhook.test event now, to an active or inactive endpoint. */
  testEndpoint(principal: Principal, webhookId: string): Promise<SendResult>;
  /** Sends the event of a recorded delivery again now, answering like the test operation. */
  retryDelivery(principal: Principal, webhookId: string, deliveryId: string): Promise<SendResult>;
}

export function createWebhooksService(deps: WebhooksDeps): WebhooksService {
  return {
    createEndpoint: (principal: Principal, input: NewEndpoint) => createEndpoint(deps, principal, input),
    listEndpoints: (principal: Principal, page: PageRequest) =>
      repo.listEndpoints(deps.db, principal.accountId, page),
    deleteEndpoint: (principal: Principal, webhookId: string) => deleteEndpoint(deps, principal, webhookId),
    listDeliveries: (principal: Principal, webhookId: string, page: PageRequest) =>
      listDeliveries(deps, principal, webhookId, page),
    testEndpoint: (principal: Principal, webhookId: string) => testEndpoint(deps, principal, webhookId),
    retryDelivery: (principal: Principal, webhookId: string, deliveryId: string) =>
      retryDelivery(deps, principal, webhookId, deliveryId),
  };
}

/** How long creation waits for DNS; a name that does not answer in time is treated as not resolving yet. */
const CREATE_RESOLVE_TIMEOUT_MS = 5000;

export type NewEndpoint = Static<typeof NewEndpointBody>;

/** https, no credentials, not an IP literal of a private network, not a name resolving to one. */
async function checkEndpointUrl(deps: WebhooksDeps, raw: string): Promise<string> {
  const { guard } = deps.runtime;
  let url: URL;
  try {
    url = guard.checkUrl(raw, { schemes: ['https:'] });
  } catch (error) {
    if (error instanceof OutboundBlockedError)
      throw validationError('body.url', `is not a public https address: ${error.reason}`);
    throw error;
  }
  if (url.href.length > MAX_URL_LENGTH)
    throw validationError('body.url', `must be at most ${MAX_URL_LENGTH} characters`);
  try {
    await withTimeout(guard.resolve(url.hostname), CREATE_RESOLVE_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof OutboundBlockedError)
      throw validationError('body.url', `is not a public https address: ${error.reason}`);
    // A name that does not resolve (yet) is accepted; it is checked again at every delivery.
    if (!(error instanceof OutboundResolveError || error instanceof ResolveTimeout)) throw error;
  }
  return url.href;
}

class ResolveTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ResolveTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function createEndpoint(deps: WebhooksDeps, principal: Principal, input: NewEndpoint) {
  // The route's schema has already required at least one known event type, each named once.
  const url = await checkEndpointUrl(deps, input.url);
  return deps.db.transaction().execute(async (trx) => {
    await repo.lockAccountEndpoints(trx, principal.accountId);
    // Active and inactive endpoints alike: a switched-off one is replaced, not revived.
    if ((await repo.countEndpoints(trx, principal.accountId)) >= ENDPOINT_LIMIT) {
      throw new AppError(
        'endpoint_limit',
        `The account already has ${ENDPOINT_LIMIT} webhook endpoints; delete one before adding another.`,
      );
    }
    return repo.insertEndpoint(trx, {
      id: newId(),
      account_id: principal.accountId,
      url,
      secret: newWebhookSecret(),
      events: JSON.stringify(input.events),
      active: true,
      disabled_reason: null,
      last_delivery_at: null,
      last_status_code: null,
      consecutive_failures: 0,
      created_at: deps.clock.now(),
    });
  });
}

async function getEndpoint(deps: WebhooksDeps, principal: Principal, webhookId: string) {
  const endpoint = await repo.findEndpoint(deps.db, principal.accountId, webhookId);
  if (!endpoint) throw notFound('webhook endpoint');
  return endpoint;
}

/** Removes the endpoint, its delivery record and its queued deliveries: nothing more is sent to it. */
async function deleteEndpoint(deps: WebhooksDeps, principal: Principal, webhookId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Its pending deliveries and their jobs go with it; rolled back when the endpoint is not the account's.
    await removePendingDeliveries(trx, webhookId);
    if (!(await repo.deleteEndpoint(trx, principal.accountId, webhookId))) throw notFound('webhook endpoint');
  });
}

async function listDeliveries(
  deps: WebhooksDeps,
  principal: Principal,
  webhookId: string,
  page: PageRequest,
) {
  await getEndpoint(deps, principal, webhookId);
  return repo.listDeliveries(deps.db, principal.accountId, webhookId, page);
}

export type SendResult = Static<typeof SendResult>;

const sendResult = (outcome: AttemptOutcome): SendResult => ({
  delivered: outcome.delivered,
  statusCode: outcome.statusCode,
  error: explainOutcome(outcome),
});

/**
 * Sends a signed webhook.test event now, to an active or inactive endpoint. It is recorded and updates
 * lastDeliveryAt / lastStatusCode, but never moves the failure streak nor switches the endpoint off.
 */
async function testEndpoint(
  deps: WebhooksDeps,
  principal: Principal,
  webhookId: string,
): Promise<SendResult> {
  const endpoint = await getEndpoint(deps, principal, webhookId);
  const now = deps.clock.now();
  const body: DeclaredEventBody<typeof TEST_EVENT> = {
    id: newEventId(),
    type: TEST_EVENT,
    createdAt: iso(now),
    data: { webhook: { id: endpoint.id, url: endpoint.url } },
  };
  const event = { id: body.id, type: TEST_EVENT, body: JSON.stringify(body) };
  const outcome = await sendOnDemand(deps, endpoint, event);
  // Kept in the outbox like any event, so that its delivery can be retried with the same id and bytes.
  await insertEvent(deps.db, {
    id: event.id,
    account_id: principal.accountId,
    type: event.type,
    body: event.body,
    created_at: now,
  });
  await record(deps, endpoint.id, event, 1, 'test', outcome);
  return sendResult(outcome);
}

/** Sends the event of a recorded delivery again now, answering like the test operation. */
async function retryDelivery(
  deps: WebhooksDeps,
  principal: Principal,
  webhookId: string,
  deliveryId: string,
): Promise<SendResult> {
  const endpoint = await getEndpoint(deps, principal, webhookId);
  const delivery = await repo.findDelivery(deps.db, principal.accountId, webhookId, deliveryId);
  if (!delivery) throw notFound('delivery');
  const stored = await findEventOfAccount(deps.db, principal.accountId, delivery.event_id);
  if (!stored) throw notFound('event');
  const event = { id: stored.id, type: stored.type, body: stored.body };
  const outcome = await sendOnDemand(deps, endpoint, event);
  const number = (await repo.lastAttemptNumber(deps.db, webhookId, event.id)) + 1;
  await record(deps, endpoint.id, event, number, 'manual', outcome);
  return sendResult(outcome);
}

/** Test and retry take a slot like the worker does, waiting for one as long as it takes. */
async function sendOnDemand(
  deps: WebhooksDeps,
  endpoint: { id: string; url: string; secret: string },
  event: { id: string; type: string; body: string },
) {
  const release = (await deps.runtime.limiter.acquire(endpoint.id, { waitMs: null })) as () => void;
  let outcome: AttemptOutcome;
  try {
    outcome = await sendEvent(deps, endpoint, event);
  } finally {
    release();
  }
  if (outcome.privateAddress) {
    throw validationError(
      'path.webhookId',
      'names an endpoint whose address now points at a private or internal network; add an endpoint with a public address',
    );
  }
  return outcome;
}

function record(
  deps: WebhooksDeps,
  webhookId: string,
  event: { id: string; type: string },
  number: number,
  trigger: DeliveryTrigger,
  outcome: AttemptOutcome,
) {
  return deps.runtime.recorder.record({ webhookId, event, number, trigger, outcome });
}
