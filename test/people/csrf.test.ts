// A session's state-changing requests carry its CSRF token and do not come from another site (as the
// browser tells: Sec-Fetch-Site, Origin); requests with an Authorization header are judged by the token alone.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { signIn, withPassword } from './support.js';

const CSRF_MESSAGE = 'This request needs the X-CSRF-Token header of your session.';

describeEachDialect(
  'CSRF',
  (t) => {
    async function escalated(chatbotId: string, token: string) {
      const started = await t().api('POST', `/chatbots/${chatbotId}/conversations`, {
        token,
        body: { message: 'I want to talk to a human please' },
      });
      assert.equal(started.status, 201);
      return started.body.data.conversation.threadId as string;
    }

    it('refuses a session POST, PATCH without the header, or with a wrong one, with 403 and changes nothing', async () => {
      const s = await seed(t());
      const session = await signIn(t(), await withPassword(t(), s.userId));
      const threadId = await escalated(s.chatbotId, s.token);
      const base = `/chatbots/${s.chatbotId}/conversations/${threadId}`;
      for (const headers of [
        session.headers(),
        { ...session.headers(), 'x-csrf-token': 'x'.repeat(43) },
        { ...session.headers(), 'x-csrf-token': '' },
      ]) {
        const take = await t().api('POST', `${base}/take-over`, { headers });
        assert.equal(take.status, 403);
        assert.equal(take.body.error.code, 'forbidden');
        assert.equal(take.body.error.message, CSRF_MESSAGE);
        const patch = await t().api('PATCH', base, { headers, body: { resolved: true } });
        assert.equal(patch.status, 403);
      }
      const read = await t().api('GET', base, { headers: session.headers() });
      assert.equal(read.status, 200, 'reads need no CSRF header');
      assert.equal(read.body.data.conversation.mode, 'ai', 'nothing changed');
    });

    it('refuses a session change a browser says came from another site, even with the CSRF token; its own pages pass', async () => {
      const s = await seed(t());
      const session = await signIn(t(), await withPassword(t(), s.userId));
      const threadId = await escalated(s.chatbotId, s.token);
      const take = `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`;
      // inject sends `Host: localhost:80`.
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://localhost:8081' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: 'http://localhost:80' },
      ];
      for (const headers of foreign) {
        const res = await t().api('POST', take, {
          headers: { ...session.headers({ csrf: true }), ...headers },
        });
        assert.equal(res.status, 403, JSON.stringify(headers));
        assert.equal(res.body.error.code, 'forbidden');
        assert.match(res.body.error.message, /another site/);
      }
      const read = await t().api('GET', `/chatbots/${s.chatbotId}/conversations/${threadId}`, {
        headers: session.headers(),
      });
      assert.equal(read.body.data.conversation.mode, 'ai', 'nothing changed');
      // Reads are not refused: a foreign page cannot read the answer anyway.
      const foreignRead = await t().api('GET', '/users/me', {
        headers: { ...session.headers(), origin: 'https://evil.example' },
      });
      assert.equal(foreignRead.status, 200);

      const own = await t().api('POST', take, {
        headers: {
          ...session.headers({ csrf: true }),
          origin: 'http://localhost:80',
          'sec-fetch-site': 'same-origin',
        },
      });
      assert.equal(own.status, 200, own.text);
    });

    it('PUBLIC_URL counts as the service’s own origin (behind a proxy that rewrites Host); no Origin at all is judged by the token', async () => {
      const s = await seed(t());
      const session = await signIn(t(), await withPassword(t(), s.userId));
      const proxied = await t().api(
        'POST',
        `/chatbots/${s.chatbotId}/conversations/${await escalated(s.chatbotId, s.token)}/take-over`,
        {
          headers: {
            ...session.headers({ csrf: true }),
            origin: 'https://support.example.com',
            host: 'app.internal:8080',
          },
        },
      );
      assert.equal(proxied.status, 200, proxied.text);
      const plain = await t().api(
        'POST',
        `/chatbots/${s.chatbotId}/conversations/${await escalated(s.chatbotId, s.token)}/take-over`,
        {
          headers: session.headers({ csrf: true }),
        },
      );
      assert.equal(plain.status, 200, plain.text);
    });

    it('an Authorization header wins: the cookie beside it is ignored, and no CSRF header is needed', async () => {
      const s = await seed(t());
      const session = await signIn(t(), await withPassword(t(), s.userId));
      const threadId = await escalated(s.chatbotId, s.token);
      const take = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`, {
        token: s.token,
        headers: session.headers(),
      });
      assert.equal(take.status, 200);
      // A bad token with a good session cookie is still a bad token.
      const bad = await t().api('GET', '/chatbots', {
        token: 'cbo_' + 'x'.repeat(43),
        headers: session.headers(),
      });
      assert.equal(bad.status, 401);
    });
  },
  { env: { PUBLIC_URL: 'https://support.example.com' } },
);
