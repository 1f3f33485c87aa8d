// What a dispatch sends where: the events (read through the outbox's face), their accounts' active
// endpoints subscribed to their types, less the endpoints each event has a delivery to already (a dispatch
// that runs again after a crash skips them). Three reads for any number of events.
import type { Executor } from '../../db/database.js';
import { findEvents } from '../../events/events.repository.js';
import { activeEndpointsOf, destinationsOf, type DispatchEndpoint } from './webhooks.repository.js';

export interface DispatchTargets {
  event: { id: string; type: string; body: string };
  /** Active endpoints subscribed to the event's type and not tried yet. */
  endpoints: { id: string; url: string; secret: string }[];
}

/** By event id; an event that is gone is missing. */
export async function dispatchTargets(
  db: Executor,
  eventIds: readonly string[],
): Promise<Map<string, DispatchTargets>> {
  const events = await findEvents(db, eventIds);
  const targets = new Map<string, DispatchTargets>();
  if (events.length === 0) return targets;
  const [endpoints, tried] = await Promise.all([
    activeEndpointsOf(db, [...new Set(events.map((event) => event.account_id))]),
    destinationsOf(
      db,
      events.map((event) => event.id),
    ),
  ]);
  const byAccount = new Map<string, (DispatchEndpoint & { types: string[] })[]>();
  for (const endpoint of endpoints) {
    const entry = { ...endpoint, types: JSON.parse(endpoint.events) as string[] };
    const ofAccount = byAccount.get(endpoint.account_id);
    if (ofAccount) ofAccount.push(entry);
    else byAccount.set(endpoint.account_id, [entry]);
  }
  for (const { id, account_id, type, body } of events) {
    const triedOfEvent = tried.get(id);
    targets.set(id, {
      event: { id, type, body },
      endpoints: (byAccount.get(account_id) ?? [])
        .filter((endpoint) => endpoint.types.includes(type) && !triedOfEvent?.has(endpoint.id))
        .map(({ id: endpointId, url, secret }) => ({ id: endpointId, url, secret })),
    });
  }
  return targets;
}
