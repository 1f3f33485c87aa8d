// Users, tokens and Meta connections in the queries themselves: given one account and another account's
// ids, a read finds nothing and a change changes nothing. The API's tests stop such ids earlier (404 from
// the service's own lookup); these call the repositories and services under that check.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { channelSetup } from '../src/cli/channels.js';
import { commandServices } from '../src/cli/context.js';
import * as accounts from '../src/modules/accounts/accounts.repository.js';
import * as meta from '../src/modules/channels/meta/meta.repository.js';
import { connectionForChannel } from '../src/modules/channels/meta/connections.service.js';
import { describeEachDialect } from './support/app.js';
import { seed } from './support/factories.js';

describeEachDialect('tenancy: users and tokens of another account', (t) => {
  it('are neither found nor changed through one account', async () => {
    const [mine, theirs] = [await seed(t()), await seed(t())];
    const { db, clock } = t();
    const before = await accounts.findUser(db, theirs.userId);
    assert.ok(before);

    assert.equal(await accounts.findMember(db, mine.accountId, theirs.userId), undefined);
    await assert.rejects(accounts.setRole(db, mine.accountId, theirs.userId, 'agent'));
    await assert.rejects(accounts.enableUser(db, mine.accountId, theirs.userId));
    const disabled = await accounts.disableUser(db, mine.accountId, theirs.userId, clock.now());
    assert.equal(Number(disabled.numUpdatedRows), 0);
    const password = await accounts.setPasswordHash(db, mine.accountId, theirs.userId, 'x', clock.now());
    assert.equal(Number(password.numUpdatedRows), 0);
    assert.deepEqual(await accounts.findUser(db, theirs.userId), before);

    assert.deepEqual(await accounts.listTokensOfUser(db, mine.accountId, theirs.userId), []);
    const revoked = await accounts.revokeToken(db, mine.accountId, theirs.tokenId, clock.now());
    assert.equal(Number(revoked.numUpdatedRows), 0);
    await assert.rejects(t().deps.accounts.revokeToken(theirs.tokenId, mine.accountId), /no token/);
    await assert.rejects(
      t().deps.accounts.createToken({ userId: theirs.userId, accountId: mine.accountId, scopes: [] }),
      /no user/,
    );
    assert.equal((await accounts.findToken(db, theirs.tokenId))?.revoked_at, null);
    assert.equal((await t().api('GET', '/users/me', { token: theirs.token })).status, 200);

    // Their own account still reaches them.
    assert.equal((await accounts.listTokensOfUser(db, theirs.accountId, theirs.userId)).length, 1);
    await t().deps.accounts.revokeToken(theirs.tokenId, theirs.accountId);
    assert.equal((await t().api('GET', '/users/me', { token: theirs.token })).status, 401);
  });
});

describeEachDialect('tenancy: Meta connections of another account', (t) => {
  it('are neither found nor changed through one account', async () => {
    const [mine, theirs] = [await seed(t()), await seed(t())];
    const { db, clock } = t();
    const setup = await channelSetup(commandServices(t().deps.config, db, clock));
    const connection = await setup.connections.connectChannel({
      chatbotId: theirs.chatbotId,
      provider: 'whatsapp',
      externalId: '5550001111',
      token: 'EAAGsecret-token',
      appSecret: 'app-secret-value',
      verifyToken: 'verify-token-value',
    });
    const row = await meta.findConnection(db, theirs.accountId, theirs.chatbotId, 'whatsapp');
    assert.ok(row);
    assert.equal(row.id, connection.id);

    assert.equal(await meta.findConnection(db, mine.accountId, theirs.chatbotId, 'whatsapp'), undefined);
    assert.equal(await connectionForChannel(db, mine.accountId, theirs.chatbotId, 'whatsapp'), undefined);
    assert.deepEqual(await meta.listConnectionsOfChatbot(db, mine.accountId, theirs.chatbotId), []);
    await assert.rejects(
      meta.updateConnection(db, mine.accountId, row.id, {
        external_id: '5550002222',
        verify_token_hash: row.verify_token_hash,
        credentials: row.credentials,
        updated_at: clock.now(),
      }),
    );
    assert.deepEqual(await meta.findConnectionById(db, row.id), row);
    assert.deepEqual(
      (await meta.listConnectionsOfChatbot(db, theirs.accountId, theirs.chatbotId)).map((c) => c.external_id),
      ['5550001111'],
    );
  });
});
