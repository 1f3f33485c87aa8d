// What a start tells the operator: one line with the effective database (never its password), role,
// answer engine, embeddings and public URL, and a warning per setting that does nothing; the health check
// logs why the database cannot be reached, once per failure streak; and an idle process's pool gauge
// reads 0 waiting.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { startService } from '../src/main.js';
import { createTestDatabase, DIALECTS, isPostgresReachable, testConfig } from './support/app.js';

const postgresReachable = await isPostgresReachable();

/** A logger whose lines are kept, parsed. */
function capturingLogger() {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, any>);
      done();
    },
  });
  return { logger: pino({ level: 'info', base: undefined }, stream), lines };
}

for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgresReachable ? 'PostgreSQL is not reachable' : false;
  describe(`the start [${dialect}]`, { skip }, () => {
    it('logs one line with the database, role, engine, embeddings and public URL, and warns of settings that do nothing', async () => {
      const database = await createTestDatabase(dialect);
      const { logger, lines } = capturingLogger();
      const env = {
        PORT: '0',
        DATABASE_URL: database.url,
        EMBEDDINGS_MIN_SIMILARITY: '0.7',
        ...(dialect === 'postgres' ? { ROLE: 'api' } : {}),
      };
      const service = await startService(testConfig(database.dataDir, env), { logger });
      try {
        const starting = lines.filter((line) => line.msg === 'starting');
        assert.equal(starting.length, 1, JSON.stringify(lines));
        const line = starting[0] as Record<string, any>;
        assert.equal(line.level, 30);
        assert.equal(line.database, dialect);
        if (dialect === 'sqlite')
          assert.equal(line.databaseLocation, `SQLite ${database.url.slice('sqlite:'.length)}`);
        else
          assert.match(
            line.databaseLocation,
            /^PostgreSQL database \w+ on [\w.]+:\d+ as user \w+, schema t_\w+$/,
          );
        assert.doesNotMatch(JSON.stringify(line), /postgres:\/\/|password/);
        assert.equal(line.role, dialect === 'postgres' ? 'api' : 'all');
        assert.equal(line.answerEngine, 'extractive');
        assert.equal(line.embeddings, 'off');
        assert.equal(line.publicUrl, 'not set (links use the address this process listens on)');
        const warnings = lines.filter((l) => l.level === 40).map((l) => l.msg as string);
        assert.ok(
          warnings.includes(
            'EMBEDDINGS_MIN_SIMILARITY is set but EMBEDDINGS_MODEL is not: no embeddings are used',
          ),
          JSON.stringify(warnings),
        );
      } finally {
        await service.stop();
        await database.drop();
      }
    });

    it('names the openai engine, the embeddings model and PUBLIC_URL when they are set', async () => {
      const database = await createTestDatabase(dialect);
      const { logger, lines } = capturingLogger();
      const config = testConfig(database.dataDir, {
        PORT: '0',
        DATABASE_URL: database.url,
        ANSWER_ENGINE: 'openai',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        OPENAI_MODEL: 'qwen2.5:7b',
        EMBEDDINGS_MODEL: 'nomic-embed-text',
        PUBLIC_URL: 'https://chat.example.com',
      });
      const service = await startService(config, { logger });
      try {
        const line = lines.find((l) => l.msg === 'starting') as Record<string, any>;
        assert.equal(line.answerEngine, 'openai (qwen2.5:7b at http://127.0.0.1:9/v1)');
        assert.equal(line.embeddings, 'nomic-embed-text at http://127.0.0.1:9/v1');
        assert.equal(line.publicUrl, 'https://chat.example.com');
        assert.deepEqual(
          lines.filter((l) => l.level >= 40),
          [],
          'nothing to warn of',
        );
      } finally {
        await service.stop();
        await database.drop();
      }
    });

    it('logs why the health check cannot reach the database, once per failure streak', async () => {
      const database = await createTestDatabase(dialect);
      const { logger, lines } = capturingLogger();
      let down = false;
      const real = database.handle;
      const flaky = {
        ...real,
        probe: async () =>
          down
            ? { ok: false as const, error: new Error('connect ECONNREFUSED 10.0.0.9:5432') }
            : real.probe(),
      };
      const deps = createDeps(testConfig(database.dataDir, { DATABASE_URL: database.url }), {
        database: flaky,
        logger,
      });
      const app = await buildApp(deps);
      const health = async () => (await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode;
      const errors = () => lines.filter((l) => l.msg === 'health: the database cannot be reached');
      try {
        assert.equal(await health(), 200);
        assert.equal(errors().length, 0);
        down = true;
        for (let i = 0; i < 3; i++) assert.equal(await health(), 503);
        assert.equal(errors().length, 1, 'once for the streak, not on every probe');
        const error = errors()[0] as Record<string, any>;
        assert.equal(error.level, 50);
        assert.match(error.err.message, /ECONNREFUSED/);
        assert.match(error.database, dialect === 'sqlite' ? /^SQLite / : /^PostgreSQL database /);
        down = false;
        assert.equal(await health(), 200);
        assert.equal(await health(), 200);
        assert.equal(lines.filter((l) => l.msg === 'health: the database answers again').length, 1);
        down = true;
        assert.equal(await health(), 503);
        assert.equal(errors().length, 2, 'a new streak is logged again');
      } finally {
        await app.close();
        await deps.stop();
        await database.drop();
      }
    });
  });
}

describe(
  'chatbot_ops_db_pool_waiting on an idle process [postgres]',
  { skip: postgresReachable ? false : 'PostgreSQL is not reachable' },
  () => {
    it("reads 0 on every scrape (the scrape's own queries and the LISTEN connection are not waiting)", async () => {
      const database = await createTestDatabase('postgres');
      const { logger } = capturingLogger();
      const service = await startService(
        testConfig(database.dataDir, { PORT: '0', DATABASE_URL: database.url, METRICS: 'true' }),
        { logger },
      );
      try {
        const url = (service.url as string).replace(/\/api\/v1$/, '/metrics');
        for (let i = 0; i < 5; i++) {
          const text = await (await fetch(url)).text();
          const waiting = /^chatbot_ops_db_pool_waiting (\S+)$/m.exec(text)?.[1];
          assert.equal(
            waiting,
            '0',
            `scrape ${i + 1}: ${text
              .split('\n')
              .filter((l) => l.startsWith('chatbot_ops_db_pool'))
              .join('; ')}`,
          );
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await service.stop();
        await database.drop();
      }
    });
  },
);
