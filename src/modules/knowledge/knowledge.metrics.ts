// What the knowledge capability shows in the metrics: its sources by status, counted when scraped.
import type { Core } from '../../core.js';
import { METRIC_PREFIX, type ScrapeGauge } from '../../metrics.js';
import * as repo from './knowledge.repository.js';
import { SOURCE_STATUSES } from './knowledge.schemas.js';

export function sourcesGauge(deps: Pick<Core, 'db'>): ScrapeGauge<'status'> {
  return {
    name: `${METRIC_PREFIX}knowledge_sources`,
    help: 'Knowledge sources of every account by status (pending, processing, ready, failed).',
    labelNames: ['status'],
    async read() {
      const counts = new Map(
        (await repo.countSourcesByStatus(deps.db)).map((row) => [row.status as string, Number(row.count)]),
      );
      // Every status is reported, zero included, so a series never disappears.
      return SOURCE_STATUSES.map((status) => ({ labels: { status }, value: counts.get(status) ?? 0 }));
    },
  };
}
