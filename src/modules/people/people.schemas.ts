// Request and response schemas of sign-in, invitations and users.
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.js';

export const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('agent')], {
  description:
    'owner and admin: the console and the management API, and the inbox; agent: the inbox only. Only an owner makes or changes an owner.',
});

export const User = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'Full name; visitors see the first word on replies.' }),
    email: Type.String(),
    role: RoleSchema,
    status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled')], {
      description:
        'invited: has not set a password yet; active: can sign in; disabled: switched off (sign-in refused, sessions ended).',
    }),
    createdAt: Timestamp,
  },
  { title: 'User' },
);

export const UserParams = Type.Object({ userId: Type.String() });

export const NewUserBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Full name; visitors see the first word on replies.',
      examples: ['Fox Mulder'],
    }),
    email: Type.String({
      minLength: 3,
      maxLength: 254,
      description: 'Where they sign in with; one person per email across the service.',
      examples: ['fox@example.com'],
    }),
    role: RoleSchema,
  },
  { additionalProperties: false },
);

export const UserPatch = Type.Object({ role: RoleSchema }, { additionalProperties: false });

export const InvitationLink = Type.Object(
  {
    link: Type.String({
      description:
        'Where the person sets their password: works once, for 72 hours. Hand it to them; it is shown only here.',
    }),
    expiresAt: Timestamp,
  },
  { title: 'InvitationLink' },
);

export const SessionData = Type.Object(
  {
    user: User,
    csrfToken: Type.String({
      description:
        'Send as the `X-CSRF-Token` header on every POST, PUT, PATCH and DELETE made with this session.',
    }),
    expiresAt: {
      ...Timestamp,
      description: 'When the session ends at the latest (it also ends after 12 hours without a request).',
    },
  },
  { title: 'Session' },
);

export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, examples: ['dana@example.com'] }),
    password: Type.String({
      minLength: 1,
      maxLength: PASSWORD_MAX_LENGTH,
      examples: ['correct horse battery'],
    }),
  },
  { additionalProperties: false },
);

export const InvitationParams = Type.Object({
  token: Type.String({ description: 'The token of the invitation link.' }),
});

export const InvitationSchema = Type.Object(
  { email: Type.String(), name: Type.String(), expiresAt: Timestamp },
  { title: 'Invitation' },
);

export const AcceptInvitationBody = Type.Object(
  {
    password: Type.String({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      description: `The new password: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
      examples: ['correct horse battery'],
    }),
  },
  { additionalProperties: false },
);

export const UserListQuery = Type.Object(PageQuery, { additionalProperties: false });
