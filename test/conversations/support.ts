// Helpers shared by the conversation and lead tests: starting conversations through the API channel,
// adding real knowledge through the knowledge API, reading the events outbox (each event checked against
// the event catalogue).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app.js';
import { assertCatalogued } from '../support/events.js';
import { seed, type Seeded } from '../support/factories.js';
import { startWorkers } from '../../src/workers.js';

export interface OutboxEvent {
  id: string;
  type: string;
  createdAt: string;
  data: any;
}

/** Events of the account from the outbox table, oldest first, optionally of one type; each as the event catalogue declares it. */
export async function outbox(t: TestApp, accountId: string, type?: string): Promise<OutboxEvent[]> {
  let query = t.db.selectFrom('events').select(['body', 'type']).where('account_id', '=', accountId);
  if (type) query = query.where('type', '=', type);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  const events = rows.map((row) => JSON.parse(row.body) as OutboxEvent);
  for (const event of events) assertCatalogued(event);
  return events;
}

/** Starts an API-channel conversation and returns the response body's data. */
export async function start(
  t: TestApp,
  s: Seeded,
  message: string,
  extra: Record<string, unknown> = {},
  chatbotId = s.chatbotId,
) {
  const res = await t.api('POST', `/chatbots/${chatbotId}/conversations`, {
    token: s.token,
    body: { message, ...extra },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data as { conversation: any; messages: any[] };
}

export async function say(t: TestApp, s: Seeded, threadId: string, message: string, chatbotId = s.chatbotId) {
  const res = await t.api('POST', `/chatbots/${chatbotId}/conversations/${threadId}/messages`, {
    token: s.token,
    body: { message },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data as { conversation: any; messages: any[] };
}

export const path = (s: Seeded, threadId: string, rest = '') =>
  `/chatbots/${s.chatbotId}/conversations/${threadId}${rest}`;

/** Adds a text source through the knowledge API and processes it, so the chatbot answers from it. */
export async function addKnowledge(
  t: TestApp,
  s: Seeded,
  title: string,
  text: string,
  options: { sourceOfTruth?: boolean; chatbotId?: string } = {},
) {
  const chatbotId = options.chatbotId ?? s.chatbotId;
  const res = await t.api('POST', `/chatbots/${chatbotId}/knowledge/text`, {
    token: s.token,
    body: { title, text },
  });
  assert.equal(res.status, 201, res.text);
  const sourceId = res.body.data.source.id as string;
  if (options.sourceOfTruth) {
    const patch = await t.api('PATCH', `/chatbots/${chatbotId}/knowledge/${sourceId}`, {
      token: s.token,
      body: { isSourceOfTruth: true },
    });
    assert.equal(patch.status, 200, patch.text);
  }
  await drainJobs(t);
  const source = await t.api('GET', `/chatbots/${chatbotId}/knowledge/${sourceId}`, { token: s.token });
  assert.equal(source.body.data.source.status, 'ready', source.text);
  return sourceId;
}

export async function drainJobs(t: TestApp): Promise<void> {
  const workers = startWorkers(t.deps, { autostart: false });
  try {
    await workers.jobs.drain();
  } finally {
    await workers.stop();
  }
}

/** Puts a conversation in handover (escalated) through the visitor's own words. */
export async function escalated(t: TestApp, s: Seeded) {
  const data = await start(t, s, 'I want to talk to a human please');
  assert.equal(data.conversation.escalated, true);
  return data.conversation.threadId as string;
}

/**
 * One account, two chatbots, five conversations one second apart (oldest first):
 *   a1  chatbot A, api, escalated                    (nobody assigned)
 *   a2  chatbot A, api, taken over by the seeded user
 *   b1  chatbot B, api, taken over by a colleague
 *   b2  chatbot B, web, no message                   (nobody assigned)
 *   a3  chatbot A, api, resolved
 */
export async function inbox(t: TestApp) {
  const s = await seed(t, { userName: 'Dana Scully' });
  const chatbotB = await s.chatbot('Sales bot');
  const colleague = await s.colleague('Fox Mulder');
  const tick = () => t.clock.advance(1000);

  const a1 = (await start(t, s, 'I want to talk to a human please')).conversation.threadId as string;
  tick();
  const a2 = (await start(t, s, 'Hello')).conversation.threadId as string;
  assert.equal((await t.api('POST', path(s, a2, '/take-over'), { token: s.token })).status, 200);
  tick();
  const b1 = (await start(t, s, 'Hello B', {}, chatbotB)).conversation.threadId as string;
  assert.equal(
    (await t.api('POST', `/chatbots/${chatbotB}/conversations/${b1}/take-over`, { token: colleague.token }))
      .status,
    200,
  );
  tick();
  const web = await t.api('POST', `/widget/${chatbotB}/conversations`, { body: {} });
  const b2 = web.body.data.conversation.threadId as string;
  tick();
  const a3 = (await start(t, s, 'Thanks, that is all')).conversation.threadId as string;
  assert.equal((await t.api('PATCH', path(s, a3), { token: s.token, body: { resolved: true } })).status, 200);
  return { s, chatbotB, colleague, a1, a2, a3, b1, b2 };
}

/**
 * `count` open handovers nobody holds, written as the service stores them (hundreds through the API would
 * only be slower), the newest at `newest` and each a millisecond older than the one before.
 */
export async function insertHandovers(t: TestApp, s: Seeded, count: number, newest: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    thread_id: `api:${randomUUID()}`,
    account_id: s.accountId,
    chatbot_id: s.chatbotId,
    channel: 'api' as const,
    mode: 'ai' as const,
    escalated: true,
    resolved: false,
    unanswered_in_a_row: 0,
    escalation_reason: 'The visitor asked to talk to a person.',
    escalation_category: 'human_requested' as const,
    escalation_urgency: 'medium' as const,
    escalated_at: newest - i,
    started_at: newest - i,
    last_message_at: newest - i,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await t.db
      .insertInto('conversations')
      .values(rows.slice(i, i + 100))
      .execute();
}
