// The container image's essentials, read from the Dockerfile (no container engine runs the tests; .ci/run
// builds the image where one is installed): a multi-stage build whose runtime stage is the slim Node.js 24
// image with production dependencies only, a non-root user, the health check, the port, the data volume;
// every path it copies exists; compose.yaml runs PostgreSQL, one api and one worker process.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (name: string) => readFileSync(join(root, name), 'utf8');

/** Instructions with continuation lines joined, comments left out. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

describe('the container image', () => {
  const steps = instructions(read('Dockerfile'));
  const stages: { from: string; steps: { op: string; args: string }[] }[] = [];
  for (const step of steps) {
    if (step.op === 'FROM') stages.push({ from: step.args, steps: [] });
    else stages.at(-1)?.steps.push(step);
  }
  const runtime = stages.at(-1);
  const of = (op: string) => runtime?.steps.filter((step) => step.op === op).map((step) => step.args) ?? [];

  it('is built in stages: a build stage compiles with the dev dependencies, the runtime stage is node:24-bookworm-slim (the current LTS)', () => {
    assert.ok(stages.length >= 2, 'multi-stage');
    const build = stages.find((stage) => / AS build$/i.test(stage.from));
    assert.ok(build, 'a stage named build');
    assert.ok(
      build.steps.some(
        (step) => step.op === 'RUN' && /\bnpm ci\b/.test(step.args) && !/--omit=dev/.test(step.args),
      ),
      'the build stage installs every dependency',
    );
    assert.ok(
      build.steps.some((step) => step.op === 'RUN' && /\bnpm run build\b/.test(step.args)),
      'and builds',
    );
    assert.equal(runtime?.from, 'node:24-bookworm-slim');
    for (const stage of stages)
      assert.match(stage.from, /^node:24-/, `${stage.from}: every stage on the same Node.js`);
  });

  it('ships production dependencies only, with the Node-API SQLite module and without the Node.js 20 one', () => {
    const install = steps.find((step) => step.op === 'RUN' && /\bnpm ci --omit=dev\b/.test(step.args));
    assert.ok(install, 'npm ci --omit=dev');
    assert.match(install.args, /--ignore-scripts/, 'prepare (a build) does not run there');
    assert.match(
      install.args,
      /rm -rf node_modules\/better-sqlite3-node20\b/,
      'the build for Node.js 20 is left out',
    );
    const copied = of('COPY').join('\n');
    assert.match(copied, /--from=deps \/app\/node_modules/);
    assert.match(copied, /--from=build \/app\/dist/);
    assert.doesNotMatch(copied, /--from=build \/app\/node_modules/, 'never the dev dependencies');
  });

  it('runs as a user other than root', () => {
    const user = of('USER').at(-1);
    assert.ok(user, 'a USER in the runtime stage');
    assert.ok(!['root', '0', '0:0'].includes(user), `USER ${user}`);
  });

  it('checks its health on /api/v1/health, exposes 8080 and keeps DATA_DIR on a volume', () => {
    const health = of('HEALTHCHECK').join(' ');
    assert.match(health, /\/api\/v1\/health/);
    assert.deepEqual(of('EXPOSE'), ['8080']);
    assert.match(of('ENV').join(' '), /DATA_DIR=\/data\b/);
    assert.match(of('ENV').join(' '), /HOST=0\.0\.0\.0/, 'listens beyond the container itself');
    assert.match(of('VOLUME').join(' '), /"\/data"/);
    assert.match(of('CMD').join(' '), /bin\/chatbot-ops\.js", "start"/);
  });

  it('copies only paths that exist, and leaves local data and installs out of the build context', () => {
    for (const step of steps.filter(
      (candidate) => candidate.op === 'COPY' && !candidate.args.startsWith('--from'),
    )) {
      const sources = step.args.split(/\s+/).slice(0, -1);
      for (const source of sources) assert.ok(existsSync(join(root, source)), `${source} exists`);
    }
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['node_modules', '.git', 'data', 'dist'])
      assert.ok(ignored.includes(entry), `.dockerignore has ${entry}`);
  });

  it('has a compose file with PostgreSQL, one api and one worker process sharing the data volume', () => {
    const compose = read('compose.yaml');
    for (const service of ['postgres', 'api', 'worker'])
      assert.match(compose, new RegExp(`^  ${service}:$`, 'm'), `service ${service}`);
    assert.match(compose, /ROLE: api/);
    assert.match(compose, /ROLE: worker/);
    assert.match(compose, /DATABASE_URL: postgres:\/\//);
    assert.match(compose, /SECRET_KEY: \$\{SECRET_KEY:\?/, 'the shared key is required');
    assert.equal(compose.match(/- data:\/data/g)?.length, 2, 'both processes mount the data volume');
  });
});
