// GET /metrics (METRICS=true): this process's metrics in the Prometheus text format, outside /api/v1, not
// enveloped and never behind an account token (keep it on a private interface or behind a proxy rule).
// Left out of the OpenAPI document: it is for the operator's scraper, not for API clients. With METRICS
// off there is no such route, and /metrics is 404 like any unknown path.
//
// Every answered request is counted and timed by the route's pattern (`/api/v1/chatbots/:chatbotId`),
// never by its raw URL, so ids and probes of unknown paths cannot grow the number of series.
import type { FastifyInstance } from 'fastify';
import { METRIC_PREFIX, type Metrics } from '../metrics.js';

/** The route label of a request that matched no route. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a quick read to a slow upload or a long answer. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Counts and times every request of `app`; serves GET /metrics. Nothing at all when metrics are off. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  if (!metrics.enabled) return;
  const labels = ['method', 'route', 'status'] as const;
  const requests = metrics.counter(
    `${METRIC_PREFIX}http_requests_total`,
    'HTTP requests answered, by method, route pattern and status.',
    labels,
  );
  const duration = metrics.histogram(
    `${METRIC_PREFIX}http_request_duration_seconds`,
    'Time to answer an HTTP request, by method, route pattern and status.',
    labels,
    DURATION_BUCKETS,
  );
  app.addHook('onResponse', async (request, reply) => {
    const values = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(values);
    duration.observe(values, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const text = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
