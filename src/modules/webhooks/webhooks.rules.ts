// The limits of webhook endpoints and the types they may subscribe to: read by the service's rules and by
// the request schemas alike (kept apart from both so neither imports the other).
import { EVENT_TYPES } from '../../events/catalogue.js';

export const ENDPOINT_LIMIT = 10;
export const MAX_URL_LENGTH = 500;
export const TEST_EVENT = 'webhook.test';

/** Every type an endpoint may subscribe to (GET /webhooks `data.events`); webhook.test is sent only on demand. */
export const SUBSCRIBABLE_EVENTS: readonly string[] = EVENT_TYPES;
