// The job queue in the metrics: jobs queued, running and failed by type, counted when scraped with one
// grouped query (the table holds only work not done yet and the jobs that failed for good).
import type { Db } from '../db/database.js';
import { METRIC_PREFIX, type ScrapeGauge } from '../metrics.js';
import { JOB_NAMES } from './job-types.js';
import type { JobStatus } from './jobs.table.js';
import './jobs.table.js';

const STATUSES: readonly JobStatus[] = ['queued', 'running', 'failed'];

export function jobsGauge(db: Db): ScrapeGauge<'type' | 'status'> {
  return {
    name: `${METRIC_PREFIX}jobs`,
    help: 'Jobs in the queue by type and status: queued (waiting, retries included), running (claimed by a worker), failed (gave up for good).',
    labelNames: ['type', 'status'],
    async read() {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['type', 'status', eb.fn.countAll<number | string>().as('count')])
        .groupBy(['type', 'status'])
        .execute();
      const counts = new Map(rows.map((row) => [`${row.type} ${row.status}`, Number(row.count)]));
      // Every declared type and status is reported, zero included, so a series never disappears; a type
      // the catalogue no longer declares still shows while rows of it are left.
      const types = new Set<string>([...JOB_NAMES, ...rows.map((row) => row.type)]);
      return [...types].flatMap((type) =>
        STATUSES.map((status) => ({ labels: { type, status }, value: counts.get(`${type} ${status}`) ?? 0 })),
      );
    },
  };
}
