// Named types: the document's component schemas, its webhooks section, and helpers that read an
// operation's query, body and answer out of the generated `paths`.
import type { components, paths, webhooks } from './generated/schema.js';

export type { components, paths, webhooks } from './generated/schema.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Responses<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? R : never;
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessStatus = 200 | 201 | 202;

/** The JSON body of the 2xx answer of `M P`: the whole envelope `{ ok, data, meta }`. */
export type SuccessBody<P extends keyof paths, M extends Method> = Json<
  Responses<P, M>[Extract<keyof Responses<P, M>, SuccessStatus>]
>;
/** `data` of the 2xx answer of `M P`. */
export type DataOf<P extends keyof paths, M extends Method> =
  SuccessBody<P, M> extends { data: infer D } ? D : never;
/** Query parameters of `M P`. */
export type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** JSON request body of `M P`. */
export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

type Schemas = components['schemas'];

/** `meta.pagination` of every list. */
export type Pagination = Schemas['Pagination'];
export type Chatbot = Schemas['Chatbot'];
/** A knowledge source; `text` is there only when asked for (`include: 'text'`). */
export type KnowledgeSource = Schemas['Source'];
export type Lead = Schemas['Lead'];
export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];
/** The team's own answer to a question, sent verbatim. */
export type CuratedAnswer = Schemas['CuratedAnswer'];
export type User = Schemas['User'];
export type Token = Schemas['Token'];
export type SourcePage = Schemas['SourcePage'];
export type Analytics = Schemas['Analytics'];
export type Webhook = Schemas['WebhookEndpoint'];
/** The endpoint as created, with its `secret` (shown this once). */
export type CreatedWebhook = Schemas['WebhookEndpointWithSecret'];
export type WebhookDelivery = Schemas['Delivery'];
/** A type of event an endpoint can subscribe to. */
export type WebhookEventType = BodyOf<'/api/v1/webhooks', 'post'>['events'][number];

type EventBody<T extends keyof webhooks> =
  NonNullable<webhooks[T]['post']> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : never;
/** The body of a webhook delivery, one type per event (the document's webhooks section, made from the service's event catalogue). */
export type WebhookEvent = { [T in keyof webhooks]: EventBody<T> }[keyof webhooks];
/** `data.escalation` of `conversation.escalated`. */
export type Escalation = Extract<WebhookEvent, { type: 'conversation.escalated' }>['data']['escalation'];
