// The account's access tokens: list (tokens:read), create and revoke (tokens:write).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ListEnvelope, errors, ok } from '../../http/envelope.js';
import { listPage } from '../../http/pagination.js';
import { presentToken } from './tokens.presenter.js';
import { NewTokenBody, Token, TokenListQuery, TokenParams } from './tokens.schemas.js';
import type { TokensService } from './tokens.service.js';

export interface TokensRoutesDeps extends Pick<Core, 'paginator' | 'clock'> {
  tokens: TokensService;
}

const TAGS = ['Tokens'];
const RESTRICTED = 'A token restricted to some chatbots cannot manage tokens (403).';

export async function tokenRoutes(fastify: FastifyInstance, { tokens, paginator, clock }: TokensRoutesDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/tokens',
    {
      config: { permission: 'tokens:read' },
      schema: {
        summary: 'List access tokens',
        description: `Every token of the account, revoked and expired ones included, newest first; never a secret. ${RESTRICTED}`,
        tags: TAGS,
        querystring: TokenListQuery,
        response: {
          200: ListEnvelope(Type.Object({ tokens: Type.Array(Token) })),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return listPage(request, paginator, {
        list: 'tokens',
        scope: principal.accountId,
        fetch: (page) => tokens.list(principal, page),
        keyOf: (row) => ({ at: row.created_at, id: row.id }),
        present: (items) => ({ tokens: items.map((row) => presentToken(row, clock.now())) }),
      });
    },
  );

  app.post(
    '/tokens',
    {
      config: { permission: 'tokens:write' },
      schema: {
        summary: 'Create an access token',
        description:
          'A token for the calling person, with the permissions given (only ones the caller has: else 403), optionally restricted to some ' +
          'chatbots and expiring. `secret` is the token itself: shown in this answer only, stored as a hash. ' +
          'No Idempotency-Key: a replay would have to keep the secret; if a request is lost, list the tokens and revoke the unknown one. ' +
          RESTRICTED,
        tags: TAGS,
        body: NewTokenBody,
        response: {
          201: Envelope(
            Type.Object({
              token: Token,
              secret: Type.String({
                description: 'Send as `Authorization: Bearer …`. Shown once.',
                pattern: '^cbo_',
                examples: ['cbo_7cJ2kQ9xWm4pLr8sTz1vNb6dHf3gYe5aUo0iPq2wErt'],
              }),
            }),
          ),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { row, secret } = await tokens.create(principalOf(request), request.body);
      reply.code(201);
      reply.header('cache-control', 'no-store');
      return ok(request, { token: presentToken(row, clock.now()), secret });
    },
  );

  app.delete(
    '/tokens/:tokenId',
    {
      config: { permission: 'tokens:write' },
      schema: {
        summary: 'Revoke an access token',
        description:
          'It stops working at once (401), and live streams opened with it end within seconds, in every process. Revoking a revoked token changes nothing. ' +
          `The token stays in the list as revoked. ${RESTRICTED}`,
        tags: TAGS,
        params: TokenParams,
        response: { 200: Envelope(Type.Object({ token: Token })), ...errors(401, 403, 404, 429) },
      },
    },
    async (request) =>
      ok(request, {
        token: presentToken(await tokens.revoke(principalOf(request), request.params.tokenId), clock.now()),
      }),
  );
}
