// Request and response schemas of the tokens' routes.
import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { PERMISSIONS, type Permission } from '../accounts/index.js';

export const TOKEN_LIMITS = { name: 100, expiresInDays: 3650, chatbotIds: 100 } as const;

const PermissionSchema = Type.Unsafe<Permission>({
  type: 'string',
  enum: [...PERMISSIONS],
  description: 'A permission the token carries.',
});

export const Token = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'What the token is for.' }),
    userId: Uuid,
    userName: Type.String({ description: 'Who made it: requests with it act as this person.' }),
    permissions: Type.Array(PermissionSchema),
    chatbotIds: Nullable(
      Type.Array(Uuid, {
        description: 'The chatbots it is restricted to; null: every chatbot of the account.',
      }),
    ),
    status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
    expiresAt: Nullable(Timestamp),
    revokedAt: Nullable(Timestamp),
    lastUsedAt: Nullable({
      ...Timestamp,
      description: 'When a request last used it (to the minute); null: never.',
    }),
    createdAt: Timestamp,
  },
  { title: 'Token' },
);

export const TokenParams = Type.Object({ tokenId: Type.String() });
export const TokenListQuery = Type.Object(PageQuery, { additionalProperties: false });

export const NewTokenBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: TOKEN_LIMITS.name,
      description: `What it is for: 1 to ${TOKEN_LIMITS.name} characters.`,
      examples: ['CRM sync'],
    }),
    permissions: Type.Array(PermissionSchema, {
      minItems: 1,
      maxItems: PERMISSIONS.length * 2,
      description: 'At least one; only permissions the caller has.',
    }),
    chatbotIds: Type.Optional(
      Nullable(
        Type.Array(Type.String(), {
          minItems: 1,
          maxItems: TOKEN_LIMITS.chatbotIds,
          description: 'Restrict it to these chatbots of the account; absent or null: every chatbot.',
        }),
      ),
    ),
    expiresInDays: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 1,
          maximum: TOKEN_LIMITS.expiresInDays,
          description: `Days until it stops working (1 to ${TOKEN_LIMITS.expiresInDays}); absent or null: never.`,
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
