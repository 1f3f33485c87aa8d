// How busy this process's database connections are, for the metrics: the PostgreSQL pool's connections
// and the queries waiting for one, or the writes waiting for SQLite's one writer connection.
import { METRIC_PREFIX, type ScrapeGauge } from '../metrics.js';
import type { DatabaseHandle, DatabaseUsage } from './connect.js';

type PoolUsage = Extract<DatabaseUsage, { dialect: 'postgres' }>;
type WriterUsage = Extract<DatabaseUsage, { dialect: 'sqlite' }>;

export function databaseGauges(database: Pick<DatabaseHandle, 'dialect' | 'usage'>): ScrapeGauge<never>[] {
  const gauge = <U extends DatabaseUsage>(
    name: string,
    help: string,
    value: (usage: U) => number,
  ): ScrapeGauge<never> => ({
    name: `${METRIC_PREFIX}${name}`,
    help,
    labelNames: [],
    read: () => [{ labels: {}, value: value(database.usage() as U) }],
  });
  if (database.dialect === 'postgres') {
    return [
      gauge<PoolUsage>(
        'db_pool_total',
        'PostgreSQL connections this process holds open, busy or idle.',
        (usage) => usage.total,
      ),
      gauge<PoolUsage>(
        'db_pool_idle',
        'PostgreSQL connections of this process open and idle.',
        (usage) => usage.idle,
      ),
      gauge<PoolUsage>(
        'db_pool_waiting',
        'Queries of this process waiting for a PostgreSQL connection (the pool is exhausted while above 0).',
        (usage) => usage.waiting,
      ),
    ];
  }
  return [
    gauge<WriterUsage>(
      'db_writer_queue',
      'Writes and transactions of this process waiting for the SQLite writer connection.',
      (usage) => usage.writerQueue,
    ),
  ];
}
