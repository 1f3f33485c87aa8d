// The types of the outbox's events, for the code that emits them (emit.ts) and the code that reads them.
// Each event is declared once, in the event catalogue (catalogue.ts), with the schema of its `data`; the
// catalogue fills in `EventPayloads` below with the payload type of every event it sends through the
// outbox. The catalogue imports the schemas of the modules whose resources the events show, and those
// modules emit events: so emit() and the modules name the events through this file, which imports
// nothing, and the import graph stays one-way.

/**
 * The `data` of each event type emitted through the outbox, by type. Empty here: the catalogue adds its
 * events (a declaration merged into this one), so only a declared type with its payload type compiles.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the catalogue
export interface EventPayloads {}

/** A type of event emitted through the outbox (and that a webhook endpoint may subscribe to). */
export type EventType = keyof EventPayloads;
/** The `data` of an event of type `T`. */
export type EventData<T extends EventType> = EventPayloads[T];

/** A webhook body: the event as the outbox stores it and every delivery sends it. */
export interface EventEnvelope<T extends string, D> {
  /** evt_…, the same on every delivery of the event. */
  id: string;
  type: T;
  /** When the event happened (ISO 8601). */
  createdAt: string;
  data: D;
}

/** The body of an event of type `T` emitted through the outbox. */
export type EventBody<T extends EventType = EventType> = EventEnvelope<T, EventData<T>>;
