// Invitations: a one-time link (72 hours) where a team member chooses a password and is signed in.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDialect } from '../support/app.js';
import { seed } from '../support/factories.js';
import { sessionFrom, signIn, withPassword } from './support.js';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'twelve chars';

describeEachDialect(
  'invitations',
  (t) => {
    it('makes a link under PUBLIC_URL, shows whom it is for, and signs the person in once accepted', async () => {
      const s = await seed(t(), { userName: 'Dana Scully' });
      const invitation = await t().deps.people.invite(s.userId);
      assert.match(invitation.link, /^https:\/\/support\.example\.com\/inbox\/#\/invite\/[A-Za-z0-9_-]{43}$/);
      assert.equal(invitation.link.split('/').pop(), invitation.token);
      const stored = await t()
        .db.selectFrom('invitations')
        .selectAll()
        .where('user_id', '=', s.userId)
        .execute();
      assert.equal(stored.length, 1);
      assert.ok(!JSON.stringify(stored).includes(invitation.token), 'only a hash is stored');

      const read = await t().api('GET', `/auth/invitations/${invitation.token}`);
      assert.equal(read.status, 200);
      assert.deepEqual(read.body.data, {
        invitation: {
          email: invitation.user.email,
          name: 'Dana Scully',
          expiresAt: new Date(t().clock.now() + 72 * HOUR).toISOString(),
        },
      });

      const accepted = sessionFrom(
        await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
          body: { password: NEW_PASSWORD },
        }),
      );
      assert.equal(accepted.res.body.data.user.id, s.userId);
      assert.equal(
        (await t().api('GET', '/users/me', { headers: accepted.headers() })).body.data.user.id,
        s.userId,
      );
      await signIn(t(), invitation.user.email, NEW_PASSWORD);

      // Used: gone for reading and accepting.
      assert.equal((await t().api('GET', `/auth/invitations/${invitation.token}`)).status, 404);
      const again = await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
        body: { password: 'another password' },
      });
      assert.equal(again.status, 404);
      assert.equal(again.body.error.code, 'not_found');
    });

    it('ends the other sessions of the person when accepted', async () => {
      const s = await seed(t());
      const before = await signIn(t(), await withPassword(t(), s.userId));
      const invitation = await t().deps.people.invite(s.userId);
      sessionFrom(
        await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
          body: { password: NEW_PASSWORD },
        }),
      );
      assert.equal((await t().api('GET', '/auth/session', { headers: before.headers() })).status, 401);
    });

    it('expires after 72 hours', async () => {
      const s = await seed(t());
      const invitation = await t().deps.people.invite(s.userId);
      t().clock.advance(72 * HOUR - 1);
      assert.equal((await t().api('GET', `/auth/invitations/${invitation.token}`)).status, 200);
      t().clock.advance(1);
      assert.equal((await t().api('GET', `/auth/invitations/${invitation.token}`)).status, 404);
      assert.equal(
        (
          await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
            body: { password: NEW_PASSWORD },
          })
        ).status,
        404,
      );
    });

    it('a new invitation replaces the unused one; a disabled person’s invitation is gone', async () => {
      const s = await seed(t());
      const first = await t().deps.people.invite(s.userId);
      const second = await t().deps.people.invite(s.userId);
      assert.equal((await t().api('GET', `/auth/invitations/${first.token}`)).status, 404);
      assert.equal((await t().api('GET', `/auth/invitations/${second.token}`)).status, 200);
      await t().deps.people.disable(s.userId);
      assert.equal((await t().api('GET', `/auth/invitations/${second.token}`)).status, 404);
    });

    it('answers 404 to unknown and malformed tokens', async () => {
      for (const token of ['x'.repeat(43), 'short', 'x'.repeat(500)]) {
        const read = await t().api('GET', `/auth/invitations/${token}`);
        assert.equal(read.status, 404, token);
        assert.equal(read.body.error.code, 'not_found');
        assert.equal(
          (await t().api('POST', `/auth/invitations/${token}/accept`, { body: { password: NEW_PASSWORD } }))
            .status,
          404,
        );
      }
    });

    it('takes passwords of 12 to 1024 characters: 11 and 1025 are 400 on body.password', async () => {
      const s = await seed(t());
      const invitation = await t().deps.people.invite(s.userId);
      for (const password of ['x'.repeat(11), 'x'.repeat(1025)]) {
        const res = await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
          body: { password },
        });
        assert.equal(res.status, 400, `${password.length} characters`);
        assert.equal(res.body.error.code, 'validation_error');
        assert.deepEqual(
          res.body.error.details.map((d: { field: string }) => d.field),
          ['body.password'],
        );
      }
      const extra = await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
        body: { password: NEW_PASSWORD, name: 'x' },
      });
      assert.equal(extra.status, 400);
      // Still unused: 1024 characters (and twelve emoji, counted as characters) are fine.
      sessionFrom(
        await t().api('POST', `/auth/invitations/${invitation.token}/accept`, {
          body: { password: 'y'.repeat(1024) },
        }),
      );
      const next = await t().deps.people.invite(s.userId);
      sessionFrom(
        await t().api('POST', `/auth/invitations/${next.token}/accept`, {
          body: { password: '🔑'.repeat(12) },
        }),
      );
    });
  },
  { env: { PUBLIC_URL: 'https://support.example.com/' } },
);
