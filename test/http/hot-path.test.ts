// The request path's shortcuts keep its rules: the token lookup and the list pages are compiled once
// (and prepared per connection), yet a revoked token is refused on its very next request, whichever
// process revoked it; request ids stay random and unique; a query that would not survive being compiled
// once is refused when it is first run; a compiled-once SELECT run straight on the driver reads what
// Kysely would, and in a transaction stays on the transaction's connection.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Executor } from '../../src/db/database.js';
import { DirectReadingKysely, prepareQuery } from '../../src/db/prepared.js';
import { describeEachDialect } from '../support/app.js';
import { seed, servicesOver } from '../support/factories.js';

describeEachDialect('the API hot path', (t) => {
  it('refuses a revoked token on its very next request, also when another process revoked it', async () => {
    const s = await seed(t());
    const { accounts } = servicesOver(t().db);
    const first = await accounts.createToken({ userId: s.userId, scopes: ['chatbots:read'] });
    // Enough requests, some at once, for the lookup to be prepared on more than one pooled connection.
    for (let i = 0; i < 3; i++) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t().api('GET', '/chatbots', { token: first.token })),
      );
      assert.deepEqual(
        answers.map((res) => res.status),
        Array(6).fill(200),
      );
    }
    await accounts.revokeToken(first.id);
    const refused = await Promise.all(
      Array.from({ length: 6 }, () => t().api('GET', '/chatbots', { token: first.token })),
    );
    assert.deepEqual(
      refused.map((res) => res.status),
      Array(6).fill(401),
    );

    // Another process (its own connections) revokes a token this one has just used.
    const second = await accounts.createToken({ userId: s.userId, scopes: ['chatbots:read'] });
    assert.equal((await t().api('GET', '/chatbots', { token: second.token })).status, 200);
    const other = t().database.connectAgain();
    try {
      await servicesOver(other.db).accounts.revokeToken(second.id);
    } finally {
      await other.close();
    }
    const res = await t().api('GET', '/chatbots', { token: second.token });
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'unauthorized');
    // The seeded token, looked up through the same prepared query, still works.
    assert.equal((await t().api('GET', '/chatbots', { token: s.token })).status, 200);
  });

  it('pages the same chatbots, first page and after a cursor, for every token of the account', async () => {
    const s = await seed(t());
    for (let i = 0; i < 4; i++) await s.chatbot(`Bot ${i}`);
    const names = async (token: string) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) };
        const res = await t().api('GET', '/chatbots', { token, query });
        assert.equal(res.status, 200);
        seen.push(...res.body.data.chatbots.map((bot: { name: string }) => bot.name));
        cursor = res.body.meta.pagination.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    };
    const all = await names(s.token);
    assert.deepEqual(all, ['Bot 3', 'Bot 2', 'Bot 1', 'Bot 0', 'Support bot']);
    // The same rows again (the compiled query runs with new values), and a restricted token's own list.
    assert.deepEqual(await names(s.token), all);
    const restricted = await s.tokenWith(['chatbots:read'], [s.chatbotId]);
    assert.deepEqual(await names(restricted), ['Support bot']);
    // Another account's chatbots never show through the compiled query.
    const other = await seed(t());
    assert.deepEqual(await names(other.token), ['Support bot']);
  });

  it('gives every request its own random id, past a refill of the random pool', async () => {
    const s = await seed(t());
    const ids = new Set<string>();
    for (let round = 0; round < 30; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t().api('GET', '/chatbots', { token: s.token, query: { limit: '1' } }),
        ),
      );
      for (const res of answers) {
        assert.match(res.body.meta.requestId, /^req_[A-Za-z0-9_-]{20}$/);
        assert.equal(res.headers['x-request-id'], res.body.meta.requestId);
        ids.add(res.body.meta.requestId);
      }
    }
    assert.equal(ids.size, 300);
  });

  it('refuses a compiled-once query whose argument is not passed through as a value', async () => {
    const changed = prepareQuery(1, (db, name: string) =>
      db.selectFrom('chatbots').selectAll().where('name', '=', name.toUpperCase()),
    );
    await assert.rejects(changed.execute(t().db, 'x'), /argument 0 must be passed to the query as a value/);
    const dropped = prepareQuery(1, (db, _name: string) => db.selectFrom('chatbots').selectAll());
    await assert.rejects(dropped.execute(t().db, 'x'), /argument 0/);
    const fine = prepareQuery(1, (db, id: string) =>
      db.selectFrom('chatbots').select('id').where('id', '=', id),
    );
    const s = await seed(t());
    assert.deepEqual(await fine.execute(t().db, s.chatbotId), [{ id: s.chatbotId }]);
  });

  it("gives a compiled-once SELECT the rows Kysely gives, and in a transaction the transaction's own view", async () => {
    const s = await seed(t());
    const tokens = (db: Executor, userId: string) =>
      db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('id');
    const prepared = prepareQuery(1, tokens);
    // Every column, nulls and numbers included, as the ordinary query reads them (run on the database
    // itself, it skips Kysely's executor).
    await s.tokenWith(['chatbots:read'], [s.chatbotId]);
    const expected = await tokens(t().db, s.userId).execute();
    assert.equal(expected.length, 2);
    assert.deepEqual(await prepared.execute(t().db, s.userId), expected);

    const byName = prepareQuery(1, (db, name: string) =>
      db.selectFrom('chatbots').select(['id', 'name']).where('name', '=', name),
    );
    const id = '00000000-0000-4000-8000-00000000abcd';
    await t()
      .db.transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('chatbots')
          .values({ id, account_id: s.accountId, name: 'Uncommitted', created_at: 1 })
          .execute();
        // Inside the transaction: its own write; outside it: only what is committed.
        assert.deepEqual(await byName.execute(trx, 'Uncommitted'), [{ id, name: 'Uncommitted' }]);
        assert.deepEqual(await byName.execute(t().db, 'Uncommitted'), []);
      });
    assert.deepEqual(await byName.execute(t().db, 'Uncommitted'), [{ id, name: 'Uncommitted' }]);
  });

  it("reads straight on the driver through the database's own reader, which its handle lets go of when it closes", async () => {
    const s = await seed(t());
    const byId = prepareQuery(1, (db, id: string) =>
      db.selectFrom('chatbots').select('name').where('id', '=', id),
    );
    // Each database handle carries its own reader: there is no registry of them to outlive a handle.
    const other = t().database.connectAgain();
    assert.ok(other.db instanceof DirectReadingKysely && t().db instanceof DirectReadingKysely);
    const sqlOf = (db: Executor) =>
      db.selectFrom('chatbots').select('name').where('id', '=', s.chatbotId).compile();
    assert.deepEqual(await byId.execute(other.db, s.chatbotId), [{ name: 'Support bot' }]);
    const compiled = sqlOf(other.db);
    assert.deepEqual(await other.db.readDirectly(compiled.sql, compiled.parameters), [
      { name: 'Support bot' },
    ]);
    // A transaction is a plain Kysely instance: never read directly.
    await other.db.transaction().execute(async (trx) => assert.ok(!(trx instanceof DirectReadingKysely)));
    await other.close();
    assert.equal(
      other.db.readDirectly(compiled.sql, compiled.parameters),
      undefined,
      'let go of once the handle is closed',
    );
    await assert.rejects(
      byId.execute(other.db, s.chatbotId),
      'a closed database answers nothing, directly or not',
    );
    assert.deepEqual(
      await byId.execute(t().db, s.chatbotId),
      [{ name: 'Support bot' }],
      "the other handle's close leaves this one reading",
    );
  });
});
