// Request schemas of the public web chat API; its path parameters (ThreadParams) and its responses (the
// Conversation and Message resources) are the conversations capability's.
import { Type } from 'typebox';
import { MESSAGE_MAX_LENGTH } from '../../conversations/index.js';
import { LEAD_LIMITS } from '../../leads/index.js';
import { VisitorContextBody } from '../visitor/visitor.schemas.js';

export const VisitorSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.name })),
    email: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.email })),
    phone: Type.Optional(
      Type.String({
        maxLength: LEAD_LIMITS.phone,
        description: 'International form, e.g. +44 20 7946 0958.',
      }),
    ),
    company: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.company })),
  },
  { additionalProperties: false },
);
export const VisitorAuth = {
  description:
    'Send `Authorization: Bearer <visitorToken>` (from the conversation start); a token unused for 30 days has expired (401).',
};

export const StartBody = Type.Object(
  { visitor: Type.Optional(VisitorSchema), context: Type.Optional(VisitorContextBody) },
  { additionalProperties: false },
);
export const MessageBody = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }) },
  { additionalProperties: false },
);
export const EventStreamHeaders = Type.Object({ 'last-event-id': Type.Optional(Type.String()) });
