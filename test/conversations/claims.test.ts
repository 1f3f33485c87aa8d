// A claim holds: an agent cannot take a colleague's conversation by handing it back to the chatbot first
// (403 claimed_by_other, nothing changes); the holder can hand it back, and so can an owner, an admin or a
// token (to unstick a conversation whose holder is away). A conversation nobody holds can be handed back
// by any agent.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect, type TestApp } from '../support/app.js';
import { seed } from '../support/factories.js';
import { signIn, withPassword, type Signed } from '../people/support.js';
import { start } from './support.js';

describeEachDialect('conversations: claims hold against hand-back', (t) => {
  const path = (chatbotId: string, threadId: string, action: string) =>
    `/chatbots/${chatbotId}/conversations/${encodeURIComponent(threadId)}/${action}`;
  const as = (session: Signed) => ({ headers: session.headers({ csrf: true }) });
  const state = async (app: TestApp, token: string, chatbotId: string, threadId: string) => {
    const res = await app.api('GET', `/chatbots/${chatbotId}/conversations/${encodeURIComponent(threadId)}`, {
      token,
    });
    return {
      mode: res.body.data.conversation.mode,
      assignee: res.body.data.conversation.assignee?.id ?? null,
    };
  };

  it('refuses an agent handing back a colleague’s conversation; lets the holder, an owner, an admin and a token', async () => {
    const s = await seed(t());
    const owner = await signIn(t(), await withPassword(t(), s.userId));
    const fox = await s.colleague('Fox Mulder');
    const dana = await s.colleague('Dana Katz');
    const admin = await s.colleague('Walter Skinner');
    assert.equal(
      (await t().api('PATCH', `/users/${admin.userId}`, { ...as(owner), body: { role: 'admin' } })).status,
      200,
    );
    const foxSession = await signIn(t(), await withPassword(t(), fox.userId));
    const danaSession = await signIn(t(), await withPassword(t(), dana.userId));
    const adminSession = await signIn(t(), await withPassword(t(), admin.userId));
    const { conversation } = await start(t(), s, 'Hello');
    const threadId = conversation.threadId as string;
    const takeOver = async () =>
      assert.equal(
        (await t().api('POST', path(s.chatbotId, threadId, 'take-over'), as(foxSession))).status,
        200,
      );

    await takeOver();
    const refused = await t().api('POST', path(s.chatbotId, threadId, 'switch-to-ai'), as(danaSession));
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'claimed_by_other');
    assert.deepEqual(
      await state(t(), s.token, s.chatbotId, threadId),
      { mode: 'human', assignee: fox.userId },
      'nothing changed',
    );
    // The detour's second step was already closed: a take-over of a conversation a person handles.
    assert.equal(
      (await t().api('POST', path(s.chatbotId, threadId, 'take-over'), as(danaSession))).body.error.code,
      'already_handover',
    );

    // The holder hands it back.
    assert.equal(
      (await t().api('POST', path(s.chatbotId, threadId, 'switch-to-ai'), as(foxSession))).status,
      200,
    );
    assert.deepEqual(await state(t(), s.token, s.chatbotId, threadId), { mode: 'ai', assignee: null });

    // An owner, an admin and a token may hand back a conversation someone else holds.
    for (const [who, options] of [
      ['owner', as(owner)],
      ['admin', as(adminSession)],
      ['token', { token: s.token }],
      ['an agent’s token', { token: dana.token }],
    ] as const) {
      await takeOver();
      const res = await t().api('POST', path(s.chatbotId, threadId, 'switch-to-ai'), options);
      assert.equal(res.status, 200, `${who}: ${res.text}`);
      assert.equal(res.body.data.conversation.mode, 'ai');
    }
  });

  it('lets any agent hand back a handed-over conversation nobody holds', async () => {
    const s = await seed(t());
    const dana = await s.colleague('Dana Katz');
    const danaSession = await signIn(t(), await withPassword(t(), dana.userId));
    const { conversation } = await start(t(), s, 'Hello');
    const threadId = conversation.threadId as string;
    // In a person's hands with nobody holding it: its holder's row went (the column is then set null).
    await t().api('POST', path(s.chatbotId, threadId, 'take-over'), { token: s.token });
    await t()
      .db.updateTable('conversations')
      .set({ assignee_user_id: null })
      .where('thread_id', '=', threadId)
      .execute();
    const res = await t().api('POST', path(s.chatbotId, threadId, 'switch-to-ai'), as(danaSession));
    assert.equal(res.status, 200, res.text);
  });
});
