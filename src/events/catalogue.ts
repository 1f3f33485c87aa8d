// The event catalogue: every event the service sends to webhook endpoints, declared once, with the
// TypeBox schema of its `data`. The payloads show resources as the API does, so their schemas are the
// modules' own (the Conversation, Lead and Source of the routes). From this declaration come:
// - the payload type of each event (`EventPayloads` of types.ts, filled in below): emit() accepts only a
//   declared type with that type's payload;
// - the types an endpoint may subscribe to (`EVENT_TYPES`);
// - the `webhooks` section of the OpenAPI document (src/http/openapi-webhooks.ts), and through the
//   document the TypeScript client's event types (`npm run client:generate`).
// Who consumes each event is declared in subscribers.ts.
//
// This file imports modules, and modules emit events: nothing a module imports may import it. Code that
// emits or reads events names them through types.ts.
import { Type, type Static, type TSchema } from 'typebox';
import { Uuid } from '../http/envelope.js';
import { ConversationSchema, EscalationSchema } from '../modules/conversations/index.js';
import { KnowledgeSource } from '../modules/knowledge/index.js';
import { LeadSchema } from '../modules/leads/index.js';
import type { EventEnvelope, EventType } from './types.js';

interface EventDeclaration {
  /** One line: what happened (the summary of the event in the OpenAPI document). */
  summary: string;
  /** The schema of the event's `data`. */
  data: TSchema;
  /** Sent only when asked for, to one endpoint: never emitted through the outbox nor subscribed to. */
  onDemand?: true;
}

/** In the order of the OpenAPI document's `webhooks` section and of the subscribable types. */
export const EVENT_CATALOGUE = {
  'conversation.escalated': {
    summary: 'A conversation was handed to the team',
    data: Type.Object({ conversation: ConversationSchema, escalation: EscalationSchema }),
  },
  'conversation.resolved': {
    summary: 'A conversation was marked resolved',
    data: Type.Object({ conversation: ConversationSchema }),
  },
  'lead.captured': {
    summary: 'A visitor left an email address or phone number (once per lead)',
    data: Type.Object({ lead: LeadSchema }),
  },
  'knowledge.synced': {
    summary: 'A knowledge source finished processing: ready, or failed with its error',
    data: Type.Object({ source: KnowledgeSource }),
  },
  'webhook.test': {
    summary: 'Sent by POST /webhooks/{webhookId}/test',
    data: Type.Object({ webhook: Type.Object({ id: Uuid, url: Type.String() }) }),
    onDemand: true,
  },
} as const satisfies Record<string, EventDeclaration>;

type Catalogue = typeof EVENT_CATALOGUE;
/** Every type of the catalogue, webhook.test included. */
export type DeclaredEventType = keyof Catalogue;
/** The `data` of a declared event. */
export type DeclaredEventData<T extends DeclaredEventType> = Static<Catalogue[T]['data']>;
/** The body of a declared event, as every delivery sends it. */
export type DeclaredEventBody<T extends DeclaredEventType> = EventEnvelope<T, DeclaredEventData<T>>;

type EmittedType = {
  [T in DeclaredEventType]: Catalogue[T] extends { onDemand: true } ? never : T;
}[DeclaredEventType];
type EmittedPayloads = { [T in EmittedType]: DeclaredEventData<T> };

declare module './types.js' {
  // The events emit() accepts: every declared type but those sent on demand.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are those of EmittedPayloads
  interface EventPayloads extends EmittedPayloads {}
}

const isEmitted = (type: DeclaredEventType): type is EventType => !('onDemand' in EVENT_CATALOGUE[type]);

/** Every type emitted through the outbox: the types a webhook endpoint may subscribe to. */
export const EVENT_TYPES: readonly EventType[] = (Object.keys(EVENT_CATALOGUE) as DeclaredEventType[]).filter(
  isEmitted,
);

/** The schema of the whole body of a declared event: the envelope every event shares, and its `data`. */
export const eventBodySchema = (type: DeclaredEventType) =>
  Type.Object({
    id: Type.String({ pattern: '^evt_', description: 'Identical on every retry of this event.' }),
    type: Type.Enum([type], { type: 'string' }),
    createdAt: Type.String({ format: 'date-time', description: 'When the event happened.' }),
    data: EVENT_CATALOGUE[type].data,
  });
