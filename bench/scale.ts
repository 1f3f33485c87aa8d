// bench:scale — does the service scale out on PostgreSQL? The same mixed load (conversations with
// take-over, reply and resolve; text sources added; conversation lists; every event delivered to a local
// HTTPS receiver) for a fixed time against 1 API + 1 worker process, then against 2 API + 2 worker
// processes behind a round robin, each after a few seconds of the same load to warm the processes up;
// prints each layout's throughput and their ratio. Then, on the 2 + 2
// layout, the load again with one API and one worker process killed with SIGKILL halfway (not started
// again: the survivors carry on), and prints the requests that failed, the events lost (must be 0) and
// the sources left stuck once the killed worker's leases have passed (must be 0).
//
//   npm run bench:scale                        (about 3 minutes)
//   SCALE_DURATION=20 (s of load per layout)   SCALE_FAULT_DURATION=20 (s of load with the kills)
//   SCALE_WARMUP=10 (s of load before each)     SCALE_CLIENTS=8 (concurrent clients)
//   SCALE_MAX_REQUESTS=20000 (per run; stops it earlier)
//   SCALE_SEED=… (the load mix and which processes die; printed)
import { DEFAULT_LEASE_MS } from '../src/jobs/worker.js';
import { machine, MixedLoad, openDeployment, settle, startEventCounter, type EventCounter } from './load.js';
import { PG_URL, postgresReachable, prng } from './support.js';

const durationMs = Number(process.env.SCALE_DURATION ?? 20) * 1000;
const warmupMs = Number(process.env.SCALE_WARMUP ?? 10) * 1000;
const faultDurationMs = Number(process.env.SCALE_FAULT_DURATION ?? durationMs / 1000) * 1000;
const clients = Number(process.env.SCALE_CLIENTS ?? 8);
const maxRequests = Number(process.env.SCALE_MAX_REQUESTS ?? 20_000);
const seedValue = Number(process.env.SCALE_SEED ?? Date.now() % 100_000);
const random = prng(seedValue);
// After the load, the background work gets this long to finish (events arriving, sources processed).
const DRAIN_LIMIT_MS = 60_000;
// After the kills: the killed worker's jobs come back once their lease passes, then need doing.
const RECOVERY_LIMIT_MS = DEFAULT_LEASE_MS + 90_000;

if (!(await postgresReachable())) {
  console.error(`bench:scale needs PostgreSQL at ${PG_URL}`);
  process.exit(1);
}

type Trial = Awaited<ReturnType<typeof openDeployment>>;
const open = new Set<Trial>();
// Bounded whatever happens: past this, every process it started is killed and it exits.
const watchdog = setTimeout(
  async () => {
    console.error('bench:scale: over its time limit, stopping');
    for (const trial of open) await trial.deployment.kill();
    process.exit(2);
  },
  2 * (warmupMs + durationMs) + faultDurationMs + 2 * DRAIN_LIMIT_MS + RECOVERY_LIMIT_MS + 240_000,
);
watchdog.unref();

async function measure(layout: { apis: number; workers: number }, counter: EventCounter) {
  const trial = await openDeployment(layout, counter.url);
  open.add(trial);
  const warmup = new MixedLoad(trial.deployment, trial.account, random);
  const warming = Date.now();
  await warmup.run(clients, () => Date.now() - warming >= warmupMs || warmup.requests >= maxRequests);
  const load = new MixedLoad(trial.deployment, trial.account, random);
  const began = Date.now();
  await load.run(clients, () => Date.now() - began >= durationMs || load.requests >= maxRequests);
  const ended = Date.now();
  const seconds = (ended - began) / 1000;
  const deliveredDuringLoad = counter.between(began, ended);
  const { settledAt, ...settled } = await settle(trial.db, counter, [...warmup.sources, ...load.sources], {
    limitMs: DRAIN_LIMIT_MS,
  });
  return {
    trial,
    figures: {
      layout: `${layout.apis} api + ${layout.workers} worker`,
      seconds: Math.round(seconds * 10) / 10,
      requests: load.requests,
      requestsFailed: load.failed,
      requestsPerSecond: load.perSecond(began, ended),
      mix: load.kinds,
      webhookDeliveriesPerSecond: Math.round((deliveredDuringLoad / seconds) * 10) / 10,
      backlogDrainedAfterMs: settledAt - ended,
      ...settled,
      loadAverage: machine().loadAverage,
    },
  };
}

const oneCounter = await startEventCounter();
const one = await measure({ apis: 1, workers: 1 }, oneCounter);
await one.trial.close();
open.delete(one.trial);
await oneCounter.close();

const twoCounter = await startEventCounter();
const two = await measure({ apis: 2, workers: 2 }, twoCounter);

// The kills, on the 2 + 2 layout just measured.
const { deployment } = two.trial;
const load = new MixedLoad(deployment, two.trial.account, random);
const victims = {
  api: Math.floor(random() * deployment.apis.length),
  worker: Math.floor(random() * deployment.workers.length),
};
const began = Date.now();
let killedAt = 0;
const kill = setTimeout(async () => {
  killedAt = Date.now();
  await Promise.all([deployment.killOne('api', victims.api), deployment.killOne('worker', victims.worker)]);
}, faultDurationMs / 2);
await load.run(clients, () => Date.now() - began >= faultDurationMs || load.requests >= maxRequests);
clearTimeout(kill);
const loadEnded = Date.now();
const loadSeconds = (loadEnded - began) / 1000;
// Counted once the killed worker's leases have passed: whatever it held is free again by then.
const { settledAt, ...settled } = await settle(two.trial.db, twoCounter, load.sources, {
  limitMs: RECOVERY_LIMIT_MS,
  since: began,
  notBefore: (killedAt || Date.now()) + DEFAULT_LEASE_MS + 1000,
});
const faults = {
  layout: '2 api + 2 worker, then 1 + 1 after the kills',
  seconds: Math.round(loadSeconds * 10) / 10,
  killedAtSecond: killedAt ? Math.round((killedAt - began) / 100) / 10 : null,
  requests: load.requests,
  requestsFailed: load.failed,
  failures: load.failures,
  // The same processes, warm, before and after the kills: 2 + 2, then 1 + 1.
  requestsPerSecondBeforeKill: killedAt ? load.perSecond(began, killedAt) : null,
  requestsPerSecondAfterKill: killedAt ? load.perSecond(killedAt, loadEnded) : null,
  eventsWritten: settled.eventsWritten,
  eventsLost: settled.eventsMissing,
  arrivalsRepeated: settled.arrivalsRepeated,
  slowestFirstArrivalMs: settled.slowestFirstArrivalMs,
  sourcesAdded: settled.sourcesAdded,
  sourcesStuck: settled.sourcesStuck,
  leaseMs: DEFAULT_LEASE_MS,
  allDoneAfterKillMs: killedAt ? settledAt - killedAt : null,
  countedAfterKillMs: killedAt ? Date.now() - killedAt : null,
  processesUp: { api: deployment.up('api').length, worker: deployment.up('worker').length },
};
await two.trial.close();
open.delete(two.trial);
await twoCounter.close();

const ratio = two.figures.requestsPerSecond / one.figures.requestsPerSecond;
console.log(
  JSON.stringify(
    {
      seed: seedValue,
      clients,
      machine: machine(),
      layouts: [one.figures, two.figures],
      ratio: Math.round(ratio * 100) / 100,
      faults,
    },
    null,
    2,
  ),
);
console.log(
  `\n1 + 1: ${one.figures.requestsPerSecond} req/s, 2 + 2: ${two.figures.requestsPerSecond} req/s, ratio ${ratio.toFixed(2)}; ` +
    `same processes before / after the kills: ${faults.requestsPerSecondBeforeKill} / ${faults.requestsPerSecondAfterKill} req/s; ` +
    `after SIGKILL of one api and one worker: ${faults.requestsFailed} of ${faults.requests} requests failed, ` +
    `${faults.eventsLost} events lost, ${faults.sourcesStuck} sources stuck`,
);
process.exit(
  faults.eventsLost === 0 &&
    faults.sourcesStuck === 0 &&
    one.figures.eventsMissing === 0 &&
    two.figures.eventsMissing === 0
    ? 0
    : 1,
);
