// The TypeScript client as the service's own web pages use it: no token, and a fetch of the app's that
// sends the session cookie and, on state-changing requests, the session's CSRF header. Against the real
// service on a real port, on SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { ChatbotOpsError, createClient } from '@chatbot-ops/client';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { PASSWORD, withPassword } from '../people/support.js';
import { listen } from './support.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What a browser does for a page: keeps the session cookie, and the app adds its CSRF token. */
function sessionFetch() {
  const session = { cookie: '', csrfToken: '', sendCsrf: true };
  const sent: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    if (session.cookie) request.headers.set('cookie', session.cookie);
    if (request.method !== 'GET' && session.sendCsrf && session.csrfToken)
      request.headers.set('x-csrf-token', session.csrfToken);
    sent.push(request);
    const response = await globalThis.fetch(request);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('cbo_session='));
    if (cookie) session.cookie = cookie.split(';')[0] ?? '';
    return response;
  };
  return { fetch, session, sent };
}

describeEachDialect('TypeScript client with a session instead of a token', (t) => {
  let baseUrl = '';
  before(async () => {
    baseUrl = await listen(t());
  });

  it('signs in, reads and changes with the cookie and the CSRF header its fetch adds, and sends no token', async () => {
    const s = await seed(t());
    const email = await withPassword(t(), s.userId);
    const { fetch, session, sent } = sessionFetch();
    const client = createClient({ baseUrl, fetch, retry: { attempts: 1 } });

    const signedIn = await client.raw.POST('/api/v1/auth/sign-in', { body: { email, password: PASSWORD } });
    assert.equal(signedIn.response.status, 200);
    assert.ok(signedIn.data, 'the session');
    session.csrfToken = signedIn.data.data.csrfToken;
    assert.match(session.cookie, /^cbo_session=/);

    const current = await client.raw.GET('/api/v1/auth/session');
    assert.equal(current.data?.data.user.id, s.userId);
    const chatbots = await client.chatbots.list().toArray();
    assert.deepEqual(
      chatbots.map((chatbot) => chatbot.id),
      [s.chatbotId],
    );
    const { source } = await client.knowledge.addText(s.chatbotId, {
      title: 'Returns',
      text: 'Within 5 days.',
    });
    assert.equal(source.title, 'Returns');

    for (const request of sent) assert.equal(request.headers.get('authorization'), null, request.url);
    const added = sent.find((request) => request.url.endsWith('/knowledge/text'));
    assert.equal(added?.headers.get('x-csrf-token'), session.csrfToken);
    assert.match(String(added?.headers.get('idempotency-key')), UUID_V4);

    // Without the CSRF header the session may read but not change anything.
    session.sendCsrf = false;
    await assert.rejects(
      client.knowledge.addText(s.chatbotId, { title: 'Refused', text: 'No CSRF header.' }),
      (error) => ChatbotOpsError.is(error, 'forbidden') && error.status === 403,
    );
    session.sendCsrf = true;

    const signedOut = await client.raw.POST('/api/v1/auth/sign-out');
    assert.equal(signedOut.response.ok, true);
    await assert.rejects(
      client.chatbots.get(s.chatbotId),
      (error) => ChatbotOpsError.is(error, 'unauthorized') && error.status === 401,
    );
  });

  it('makes its Idempotency-Keys from crypto.getRandomValues where crypto.randomUUID is missing (an http page)', async () => {
    const s = await seed(t());
    const { fetch, sent } = sessionFetch();
    const client = createClient({ baseUrl, token: s.token, fetch });
    // Browsers offer randomUUID only on secure origins: hidden here as such a browser would not have it.
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      await client.knowledge.addText(s.chatbotId, { title: 'One', text: 'First.' });
      await client.knowledge.addText(s.chatbotId, { title: 'Two', text: 'Second.' });
    } finally {
      Reflect.deleteProperty(globalThis.crypto, 'randomUUID');
    }
    assert.equal(typeof globalThis.crypto.randomUUID, 'function', 'put back');
    const keys = sent.map((request) => String(request.headers.get('idempotency-key')));
    assert.equal(keys.length, 2);
    for (const key of keys) assert.match(key, UUID_V4);
    assert.notEqual(keys[0], keys[1]);
  });
});
