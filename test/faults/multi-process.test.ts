// The service scaled out: two API processes and one worker process (`chatbot-ops start --role …`) on one
// PostgreSQL database, requests spread over both API processes as a load balancer would. What one API
// process hands out (a list cursor) the other accepts; rules that need one winner (take-over, one reply
// per Idempotency-Key) hold across processes; and events still reach the receiver, at least once each,
// after the worker is killed with SIGKILL and another one started.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../src/lib/clock.js';
import { createTestDatabase, isPostgresReachable, type TestDatabase } from '../support/app.js';
import { seed, type Seeded } from '../support/factories.js';
import { Deployment, deploymentEnv, eventually, type HttpAnswer } from '../support/processes.js';
import { startReceiver, type Receiver } from '../webhooks/support.js';

const postgres = await isPostgresReachable();

describe(
  'two API processes and one worker on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL is not reachable', timeout: 900_000 },
  () => {
    let database: TestDatabase;
    let receiver: Receiver;
    let deployment: Deployment;
    let s: Seeded;
    let hookId: string;

    before(
      async () => {
        database = await createTestDatabase('postgres');
        receiver = await startReceiver();
        // Slow enough that deliveries are in flight when the worker dies.
        receiver.answerAlways('/hook', { status: 200, delayMs: 40 });
        s = await seed({ db: database.handle.db, clock: systemClock });
        deployment = await Deployment.start(deploymentEnv(database, { WEBHOOK_TIMEOUT: '5s' }), {
          apis: 2,
          workers: 1,
        });
        const hook = await deployment.request('POST', '/webhooks', {
          token: s.token,
          body: {
            url: receiver.url('/hook'),
            events: ['conversation.escalated', 'lead.captured', 'conversation.resolved'],
          },
        });
        assert.equal(hook.status, 201, JSON.stringify(hook.body));
        hookId = hook.body.data.webhook.id;
      },
      { timeout: 480_000 },
    );

    after(async () => {
      await deployment?.kill();
      await receiver?.close();
      await database?.drop();
    });

    /** Through API process `i` (0 or 1). */
    const via = (
      i: number,
      method: string,
      path: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) => deployment.request(method, path, { token: s.token, ...options, api: deployment.apis[i % 2] });

    async function startConversation(
      i: number,
      chatbotId: string,
      message = 'Hello there.',
    ): Promise<string> {
      const started = await via(i, 'POST', `/chatbots/${chatbotId}/conversations`, {
        body: { message, visitor: { email: `visitor${i}@example.com` } },
      });
      assert.equal(started.status, 201, JSON.stringify(started.body));
      return started.body.data.conversation.threadId;
    }

    it('accepts on one API process the list cursor the other handed out', async () => {
      const chatbotId = await s.chatbot('Cursor bot');
      const created: string[] = [];
      for (let i = 0; i < 5; i++) created.push(await startConversation(i, chatbotId));

      const seen: string[] = [];
      const pagesVia: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page++) {
        const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res: HttpAnswer = await via(page, 'GET', `/chatbots/${chatbotId}/conversations${query}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        pagesVia.push(res.via);
        seen.push(...res.body.data.conversations.map((c: { threadId: string }) => c.threadId));
        cursor = res.body.meta.pagination.nextCursor;
        if (!cursor) break;
      }
      assert.deepEqual(
        pagesVia.slice(0, 3),
        [deployment.apis[0]!.url, deployment.apis[1]!.url, deployment.apis[0]!.url],
        'the pages alternated between the processes',
      );
      assert.equal(seen.length, 5, 'three pages of 2, 2 and 1');
      assert.deepEqual([...seen].sort(), [...created].sort(), 'every conversation once, none repeated');
    });

    it('lets exactly one of many concurrent take-overs through both processes win', async () => {
      const threadId = await startConversation(0, s.chatbotId);
      const team = await Promise.all(Array.from({ length: 8 }, (_, i) => s.colleague(`Agent ${i}`)));
      const path = `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`;
      const answers = await Promise.all(
        team.map((member, i) => via(i, 'POST', path, { token: member.token })),
      );

      const won = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
      assert.equal(won.length, 1, `one winner: ${answers.map((a) => a.status).join(', ')}`);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        assert.ok(
          lost.status === 409 && lost.body.error.code === 'already_handover',
          `a loser answers 409 already_handover: ${lost.status} ${JSON.stringify(lost.body)}`,
        );
      }
      const winner = team[won[0]!]!;
      for (const i of [0, 1]) {
        const read = await via(i, 'GET', `/chatbots/${s.chatbotId}/conversations/${threadId}`);
        assert.equal(read.body.data.conversation.mode, 'human');
        assert.equal(
          read.body.data.conversation.assignee.id,
          winner.userId,
          'both processes show the winner as the assignee',
        );
      }
    });

    it('sends one reply per Idempotency-Key when the same request arrives through both processes at once', async () => {
      const threadId = await startConversation(1, s.chatbotId);
      const base = `/chatbots/${s.chatbotId}/conversations/${threadId}`;
      assert.equal((await via(0, 'POST', `${base}/take-over`)).status, 200);
      const send = (i: number) =>
        via(i, 'POST', `${base}/replies`, {
          body: { message: 'On it, one moment.' },
          headers: { 'idempotency-key': 'reply-once' },
        });

      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i)));
      for (const a of answers) {
        assert.ok(
          a.status === 201 || (a.status === 409 && a.body.error.code === 'idempotency_in_progress'),
          `201 or 409 idempotency_in_progress: ${a.status} ${JSON.stringify(a.body)}`,
        );
      }
      const sent = answers.filter((a) => a.status === 201);
      assert.ok(sent.length >= 1, 'the first one ran');
      assert.equal(
        new Set(sent.map((a) => a.body.data.message.id)).size,
        1,
        'every 201 names the same message',
      );
      assert.equal(
        sent.filter((a) => a.headers.get('idempotent-replayed') !== 'true').length,
        1,
        'only one of them ran, the others replayed it',
      );

      // Afterwards, through either process: the same answer replayed.
      for (const i of [0, 1]) {
        const again = await send(i);
        assert.equal(again.status, 201);
        assert.equal(again.headers.get('idempotent-replayed'), 'true');
        assert.equal(again.body.data.message.id, sent[0]!.body.data.message.id);
      }
      const agentMessages = await database.handle.db
        .selectFrom('messages')
        .select('id')
        .where('thread_id', '=', threadId)
        .where('role', '=', 'agent')
        .execute();
      assert.equal(agentMessages.length, 1, 'one reply stored');
    });

    it(
      'delivers every event at least once after the worker is killed mid-delivery and another started',
      { timeout: 300_000 },
      async () => {
        const db = database.handle.db;
        const escalate = async (from: number, count: number) => {
          for (let i = from; i < from + count; i++)
            await startConversation(i, s.chatbotId, 'I want to talk to a human, please.');
        };
        await escalate(100, 20);
        await eventually(async () => receiver.requests('/hook').length >= 10, 60_000, 'deliveries under way');
        await deployment.killOne('worker', 0);
        // Written while no worker runs; then a new worker takes over, including the dead one's claimed jobs
        // once their lease has passed.
        await escalate(200, 10);
        await deployment.replace('worker', 0);

        const delivered = () =>
          new Set(receiver.requests('/hook').map((r) => String(r.headers['service-delivery'])));
        const written = async () =>
          (await db.selectFrom('events').select('id').where('account_id', '=', s.accountId).execute()).map(
            (e) => e.id,
          );
        await eventually(
          async () => (await written()).every((id) => delivered().has(id)),
          180_000,
          'every event at the receiver',
        );

        const events = await written();
        assert.ok(events.length >= 30 * 2, 'an escalation and a lead for each of the 30 conversations');
        const arrived = delivered();
        assert.deepEqual(
          events.filter((id) => !arrived.has(id)),
          [],
          'no event missing',
        );
        const rows = await db
          .selectFrom('webhook_endpoints')
          .select(['active'])
          .where('id', '=', hookId)
          .executeTakeFirstOrThrow();
        assert.ok(rows.active, 'the endpoint is still active');
      },
    );
  },
);
