// bench:faults — the scale-out trial with faults: 2 API and 2 worker processes on one PostgreSQL
// database, a mixed load through both API processes, one API and one worker killed with SIGKILL at
// random moments (and started again, as a supervisor would), every event id counted at a local HTTPS
// receiver. Prints events written, delivered, missing (must be 0), repeated, and the slowest recovery.
//
//   npm run bench:faults                      # seed from the clock, printed
//   FAULTS_SEED=42 npm run bench:faults       # the same kill moments and load again
//   FAULTS_DURATION=60 (s of load)
import { machine, MixedLoad, openDeployment, settle, startEventCounter } from './load.js';
import { PG_URL, postgresReachable, prng } from './support.js';

const seedValue = Number(process.env.FAULTS_SEED ?? Date.now() % 100_000);
const durationMs = Number(process.env.FAULTS_DURATION ?? 60) * 1000;
const random = prng(seedValue);
const DRAIN_LIMIT_MS = 180_000;

if (!(await postgresReachable())) {
  console.error(`bench:faults needs PostgreSQL at ${PG_URL}`);
  process.exit(1);
}

const receiver = await startEventCounter();
const trial = await openDeployment({ apis: 2, workers: 2 }, receiver.url);
const { deployment } = trial;
const load = new MixedLoad(deployment, trial.account, random);

const killAt = {
  api: Math.round(durationMs * (0.2 + 0.6 * random())),
  worker: Math.round(durationMs * (0.2 + 0.6 * random())),
};
const kills: { role: string; at: number }[] = [];
async function killAndRestart(role: 'api' | 'worker'): Promise<void> {
  const index = Math.floor(random() * (role === 'api' ? deployment.apis : deployment.workers).length);
  const restart = deployment.replace(role, index);
  kills.push({ role, at: Date.now() });
  await restart;
}

const began = Date.now();
const timers = [
  setTimeout(() => void killAndRestart('api'), killAt.api),
  setTimeout(() => void killAndRestart('worker'), killAt.worker),
];
await load.run(6, () => Date.now() - began >= durationMs);
for (const timer of timers) clearTimeout(timer);
while (kills.length < 2) await new Promise((r) => setTimeout(r, 100));
const loadEndedAt = Date.now();

// Drain: every event written must arrive; every source must end.
const { settledAt, ...settled } = await settle(trial.db, receiver, load.sources, { limitMs: DRAIN_LIMIT_MS });
const result = {
  seed: seedValue,
  loadSeconds: durationMs / 1000,
  requests: load.requests,
  requestsFailed: load.failed,
  failures: load.failures,
  kills: kills.map((k) => ({ role: k.role, atSecond: Math.round((k.at - began) / 100) / 10 })),
  ...settled,
  drainAfterLoadMs: settledAt - loadEndedAt,
  machine: machine(),
};
console.log(JSON.stringify(result, null, 2));

await trial.close();
await receiver.close();
process.exit(result.eventsMissing === 0 && result.sourcesStuck === 0 ? 0 : 1);
