// Events in tests: a payload of each type as its catalogue schema describes it, for the tests of what happens
// to an event whatever change caused it (delivery, retention, the CLI), and the check that a stored or
// delivered body is what the catalogue declares.
import assert from 'node:assert/strict';
import { Value } from 'typebox/value';
import { EVENT_CATALOGUE, eventBodySchema, type DeclaredEventType } from '../../src/events/catalogue.js';
import type { EventData, EventType } from '../../src/events/emit.js';

type Lead = EventData<'lead.captured'>['lead'];
type Conversation = EventData<'conversation.resolved'>['conversation'];
type Source = EventData<'knowledge.synced'>['source'];

const AT = '2026-11-22T10:00:00.000Z';
const CHATBOT_ID = '01a2b3c4-d5e6-7f80-9a1b-2c3d4e5f6a7b';

export const sampleLead = (fields: Partial<Lead> = {}): Lead => ({
  id: '0b9c8d7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e',
  chatbotId: CHATBOT_ID,
  threadId: 'api:4c1f2b8e-9a7d-4c5b-8a3f-2e1d0c9b8a7f',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: null,
  company: null,
  channel: 'api',
  converted: false,
  capturedAt: AT,
  ...fields,
});

export const sampleConversation = (fields: Partial<Conversation> = {}): Conversation => ({
  threadId: 'api:4c1f2b8e-9a7d-4c5b-8a3f-2e1d0c9b8a7f',
  chatbotId: CHATBOT_ID,
  channel: 'api',
  mode: 'ai',
  escalated: false,
  resolved: false,
  startedAt: AT,
  lastMessageAt: AT,
  assignee: null,
  escalation: null,
  visitor: null,
  lastMessage: { role: 'user', text: 'Where is my order?', createdAt: AT },
  ...fields,
});

export const sampleSource = (fields: Partial<Source> = {}): Source => ({
  id: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918',
  chatbotId: CHATBOT_ID,
  type: 'text',
  title: 'Shipping FAQ',
  url: null,
  status: 'ready',
  error: null,
  isSourceOfTruth: false,
  refreshInterval: 'off',
  lastSyncedAt: null,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

const ESCALATION: EventData<'conversation.escalated'>['escalation'] = {
  reason: 'The visitor asked to talk to a person.',
  category: 'human_requested',
  urgency: 'medium',
};

/** A payload of each type emitted through the outbox. */
export const SAMPLE_EVENT_DATA: { [T in EventType]: EventData<T> } = {
  'conversation.escalated': {
    conversation: sampleConversation({ escalated: true, escalation: { ...ESCALATION, at: AT } }),
    escalation: ESCALATION,
  },
  'conversation.resolved': { conversation: sampleConversation({ resolved: true }) },
  'lead.captured': { lead: sampleLead() },
  'knowledge.synced': { source: sampleSource() },
};

const isDeclared = (type: unknown): type is DeclaredEventType =>
  typeof type === 'string' && Object.hasOwn(EVENT_CATALOGUE, type);

/**
 * Fails unless `body` is the whole body of an event of the catalogue: its type is declared, and the body
 * matches that type's schema and holds no property the schema does not declare.
 */
export function assertCatalogued(body: unknown): void {
  const type = (body as { type?: unknown } | null)?.type;
  assert.ok(isDeclared(type), `not a type of the event catalogue: ${JSON.stringify(type)}`);
  const schema = eventBodySchema(type);
  const errors = [...Value.Errors(schema, body)].map(
    (error) => `${error.instancePath || '/'} ${error.message}`,
  );
  assert.deepEqual(errors, [], `${type}: the body contradicts the catalogue\n${JSON.stringify(body)}`);
  assert.deepEqual(
    Value.Clean(schema, structuredClone(body)),
    body,
    `${type}: the body holds properties the catalogue does not declare`,
  );
}
