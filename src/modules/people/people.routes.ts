// Sign-in to the inbox (/auth/*) and the account's users (/users). The auth routes read the session
// cookie themselves: signing in needs none, and the session routes are about the cookie alone.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { AppError } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import {
  clearSessionCookie,
  csrfTokenOf,
  hasCsrfToken,
  sessionIdOf,
  setSessionCookie,
} from '../../http/session.js';
import { iso } from '../../lib/clock.js';
import { presentInvited, presentMember, presentUser } from './people.presenter.js';
import {
  AcceptInvitationBody,
  InvitationSchema,
  InvitationLink,
  InvitationParams,
  NewUserBody,
  SessionData,
  SignInBody,
  User,
  UserListQuery,
  UserParams,
  UserPatch,
} from './people.schemas.js';
import type { PeopleService, SignedIn } from './people.service.js';

export interface PeopleRoutesDeps extends Pick<Core, 'paginator'> {
  people: PeopleService;
}

const sessionData = (sessionId: string, user: SignedIn['user'], expiresAt: number) => ({
  // Whoever holds a session signed in: active.
  user: presentUser(user, 'active'),
  csrfToken: csrfTokenOf(sessionId),
  expiresAt: iso(expiresAt),
});

const noSession = () =>
  new AppError('unauthorized', 'You are not signed in, or your session has ended; sign in again.');

export async function peopleRoutes(fastify: FastifyInstance, { people, paginator }: PeopleRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const signedIn = (request: FastifyRequest, reply: FastifyReply, session: SignedIn) => {
    setSessionCookie(request, reply, session.sessionId);
    reply.header('cache-control', 'no-store');
    return ok(request, sessionData(session.sessionId, session.user, session.expiresAt));
  };

  app.post(
    '/auth/sign-in',
    {
      schema: {
        summary: 'Sign in to the inbox',
        description:
          'Checks a team member’s email and password and starts a session: the `cbo_session` cookie (HttpOnly, SameSite=Lax, Secure over https) ' +
          'and, in the body, the CSRF token that every state-changing request of the session must send as `X-CSRF-Token`. ' +
          'A wrong email, a wrong password and a switched-off person get the same 401. ' +
          'Throttled: 10 failed attempts per email and 50 attempts per client address in 15 minutes (then 429 with `Retry-After`).',
        tags: ['Sign-in'],
        body: SignInBody,
        response: { 200: Envelope(SessionData), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) =>
      signedIn(request, reply, await people.signIn({ ...request.body, address: request.ip })),
  );

  app.get(
    '/auth/session',
    {
      schema: {
        summary: 'The current session',
        description:
          'Who is signed in with the session cookie, and the session’s CSRF token. 401 without a valid session.',
        tags: ['Sign-in'],
        response: { 200: Envelope(SessionData), ...errors(401) },
      },
    },
    async (request, reply) => {
      const sessionId = sessionIdOf(request);
      const session = sessionId ? await people.resume(sessionId) : null;
      if (!sessionId || !session) throw noSession();
      reply.header('cache-control', 'no-store');
      const user = {
        id: session.user_id,
        name: session.user_name,
        email: session.user_email,
        role: session.user_role,
        created_at: session.user_created_at,
      };
      return ok(request, sessionData(sessionId, user, session.expires_at));
    },
  );

  app.post(
    '/auth/sign-out',
    {
      schema: {
        summary: 'Sign out',
        description:
          'Ends the session (it cannot be used again) and clears the cookie. Needs the `X-CSRF-Token` header.',
        tags: ['Sign-in'],
        response: { 200: Envelope(Type.Object({ signedOut: Type.Literal(true) })), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const sessionId = sessionIdOf(request);
      if (!sessionId || !(await people.resume(sessionId))) {
        clearSessionCookie(request, reply);
        throw noSession();
      }
      if (!hasCsrfToken(request, sessionId))
        throw new AppError('forbidden', 'This request needs the X-CSRF-Token header of your session.');
      await people.signOut(sessionId);
      clearSessionCookie(request, reply);
      return ok(request, { signedOut: true as const });
    },
  );

  app.get(
    '/auth/invitations/:token',
    {
      schema: {
        summary: 'Read an invitation',
        description: 'Whom an invitation link is for, while it can still be used (72 hours, once).',
        tags: ['Sign-in'],
        params: InvitationParams,
        response: { 200: Envelope(Type.Object({ invitation: InvitationSchema })), ...errors(404) },
      },
    },
    async (request) => {
      const invitation = await people.getInvitation(request.params.token);
      return ok(request, {
        invitation: { email: invitation.email, name: invitation.name, expiresAt: iso(invitation.expiresAt) },
      });
    },
  );

  app.post(
    '/auth/invitations/:token/accept',
    {
      schema: {
        summary: 'Accept an invitation',
        description:
          'Sets the person’s password, uses the invitation up, ends their other sessions and signs them in (as sign-in does).',
        tags: ['Sign-in'],
        params: InvitationParams,
        body: AcceptInvitationBody,
        response: { 200: Envelope(SessionData), ...errors(400, 404) },
      },
    },
    async (request, reply) =>
      signedIn(request, reply, await people.acceptInvitation(request.params.token, request.body.password)),
  );

  app.get(
    '/users',
    {
      config: { authenticated: true },
      schema: {
        summary: 'List users',
        description: 'The team members of the account, newest first. Any valid token or session.',
        tags: ['Users'],
        querystring: UserListQuery,
        response: { 200: ListEnvelope(Type.Object({ users: Type.Array(User) })), ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return listPage(request, paginator, {
        list: 'users',
        scope: principal.accountId,
        fetch: (page) => people.listUsers(principal, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ users: items.map(presentMember) }),
      });
    },
  );

  app.get(
    '/users/me',
    {
      config: { authenticated: true },
      schema: {
        summary: 'The calling user',
        description: 'The team member the token belongs to, or who is signed in. Any valid token or session.',
        tags: ['Users'],
        response: { 200: Envelope(Type.Object({ user: User })), ...errors(401, 429) },
      },
    },
    async (request) => ok(request, { user: presentMember(await people.me(principalOf(request))) }),
  );
  const MemberEnvelope = Envelope(Type.Object({ user: User }));
  const Invited = Envelope(Type.Object({ user: User, invitation: InvitationLink }));

  app.post(
    '/users',
    {
      config: { permission: 'people:write', idempotent: true },
      schema: {
        summary: 'Invite a team member',
        description:
          'Adds a person to the account with a role and returns the link where they set their password (once, within 72 hours): ' +
          'hand it to them, it is not shown again (`POST /users/{userId}/invitation` makes a new one). ' +
          'Only an owner adds an owner (403). An email someone already signs in with, in any account, is 409 `email_taken`. ' +
          'Accepts an Idempotency-Key header.',
        tags: ['Users'],
        body: NewUserBody,
        response: { 201: Invited, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, invitation } = await people.addMember(principalOf(request), request.body);
      reply.code(201);
      reply.header('cache-control', 'no-store');
      return ok(request, presentInvited(user, invitation));
    },
  );

  app.post(
    '/users/:userId/invitation',
    {
      config: { permission: 'people:write' },
      schema: {
        summary: 'Invite a team member again',
        description:
          'A new link where the person sets a password (their earlier links stop working); also how a forgotten password is reset. A switched-off person is 403.',
        tags: ['Users'],
        params: UserParams,
        response: { 200: Invited, ...errors(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { user, invitation } = await people.reinvite(principalOf(request), request.params.userId);
      reply.header('cache-control', 'no-store');
      return ok(request, presentInvited(user, invitation));
    },
  );

  app.patch(
    '/users/:userId',
    {
      config: { permission: 'people:write' },
      schema: {
        summary: 'Change a team member’s role',
        description:
          'Their sessions end at once (they sign in again with the new role). Only an owner makes someone an owner or changes an owner (403); ' +
          'the account’s last active owner keeps the role (409 `last_owner`).',
        tags: ['Users'],
        params: UserParams,
        body: UserPatch,
        response: { 200: MemberEnvelope, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      ok(request, {
        user: presentMember(
          await people.changeRole(principalOf(request), request.params.userId, request.body.role),
        ),
      }),
  );

  app.post(
    '/users/:userId/disable',
    {
      config: { permission: 'people:write' },
      schema: {
        summary: 'Switch a team member off',
        description:
          'Their sessions and live streams end within seconds, sign-in and open invitations stop working; their access tokens are not touched ' +
          '(revoke them with `DELETE /tokens/{tokenId}`). Only an owner switches off an owner (403); the last active owner cannot be (409 `last_owner`). ' +
          'Switching off someone already off changes nothing.',
        tags: ['Users'],
        params: UserParams,
        response: { 200: MemberEnvelope, ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      ok(request, {
        user: presentMember(await people.disableMember(principalOf(request), request.params.userId)),
      }),
  );

  app.post(
    '/users/:userId/enable',
    {
      config: { permission: 'people:write' },
      schema: {
        summary: 'Switch a team member on again',
        description:
          'They can sign in again with their password (or a new invitation). Only an owner switches an owner on (403).',
        tags: ['Users'],
        params: UserParams,
        response: { 200: MemberEnvelope, ...errors(401, 403, 404, 429) },
      },
    },
    async (request) =>
      ok(request, {
        user: presentMember(await people.enableMember(principalOf(request), request.params.userId)),
      }),
  );
}
