// A session's state-changing requests carry its CSRF token; requests with an Authorization header are
// judged by the token alone.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { signIn, withPassword } from './support.js';

const CSRF_MESSAGE = 'This request needs the X-CSRF-Token header of your session.';

describeEachDialect('CSRF', (t) => {
  async function escalated(chatbotId: string, token: string) {
    const started = await t().api('POST', `/chatbots/${chatbotId}/conversations`, { token, body: { message: 'I want to talk to a human please' } });
    assert.equal(started.status, 201);
    return started.body.data.conversation.threadId as string;
  }

  it('refuses a session POST, PATCH without the header, or with a wrong one, with 403 and changes nothing', async () => {
    const s = await seed(t());
    const session = await signIn(t(), await withPassword(t(), s.userId));
    const threadId = await escalated(s.chatbotId, s.token);
    const base = `/chatbots/${s.chatbotId}/conversations/${threadId}`;
    for (const headers of [session.headers(), { ...session.headers(), 'x-csrf-token': 'x'.repeat(43) }, { ...session.headers(), 'x-csrf-token': '' }]) {
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

  it('an Authorization header wins: the cookie beside it is ignored, and no CSRF header is needed', async () => {
    const s = await seed(t());
    const session = await signIn(t(), await withPassword(t(), s.userId));
    const threadId = await escalated(s.chatbotId, s.token);
    const take = await t().api('POST', `/chatbots/${s.chatbotId}/conversations/${threadId}/take-over`, { token: s.token, headers: session.headers() });
    assert.equal(take.status, 200);
    // A bad token with a good session cookie is still a bad token.
    const bad = await t().api('GET', '/chatbots', { token: 'cbo_' + 'x'.repeat(43), headers: session.headers() });
    assert.equal(bad.status, 401);
  });
});
