// The Prometheus metrics of one process (METRICS=true), in a registry of its own. Counters count what
// this process did (requests it answered, webhook attempts it made); gauges of shared state (jobs,
// knowledge sources) are read from the database when scraped, with one grouped query each, so no process
// keeps them up to date and every process reports the same. The default metrics of prom-client give the
// process's CPU, memory and event-loop lag.
//
// With METRICS off the counters still exist (counting costs next to nothing) but nothing is served, no
// default metrics run and no gauge is ever read.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';

/** One value of a gauge read at scrape time. */
export interface Reading<L extends string = string> {
  labels: Record<L, string>;
  value: number;
}

/** A gauge whose values are read when the metrics are scraped. */
export interface ScrapeGauge<L extends string = string> {
  name: string;
  help: string;
  labelNames: readonly L[];
  read(): Promise<Reading<L>[]> | Reading<L>[];
}

export interface Metrics {
  readonly enabled: boolean;
  readonly registry: Registry;
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L>;
  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ): Histogram<L>;
  /** Registers a gauge read at scrape time (only when metrics are on). */
  readAtScrape<L extends string>(gauge: ScrapeGauge<L>): void;
  /** The exposition text. */
  text(): Promise<string>;
  readonly contentType: string;
}

/** Every metric of the service itself starts with this. */
export const METRIC_PREFIX = 'chatbot_ops_';

export function createMetrics(enabled: boolean, logger: Logger): Metrics {
  const registry = new Registry();
  if (enabled) collectDefaultMetrics({ register: registry });
  return {
    enabled,
    registry,
    counter: (name, help, labelNames) => new Counter({ name, help, labelNames, registers: [registry] }),
    histogram: (name, help, labelNames, buckets) =>
      new Histogram({ name, help, labelNames, buckets, registers: [registry] }),
    readAtScrape(gauge) {
      if (!enabled) return;
      new Gauge({
        name: gauge.name,
        help: gauge.help,
        labelNames: gauge.labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const { labels, value } of await gauge.read()) this.set(labels, value);
          } catch (error) {
            // A database that does not answer leaves the gauge empty; the rest of the scrape still works.
            logger.warn({ err: error, metric: gauge.name }, 'a metric could not be read');
          }
        },
      });
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
