// Request schemas of the public web chat API. Its path parameters (ThreadParams), its message body and its
// responses (the Conversation and Message resources) are the conversations capability's; the visitor's
// contact details (VisitorDetails) are the leads capability's.
import { Type } from 'typebox';
import { VisitorDetails } from '../../leads/index.js';
import { VisitorContextBody } from '../visitor/visitor.schemas.js';

export const VisitorAuth = {
  description:
    'Send `Authorization: Bearer <visitorToken>` (from the conversation start); a token unused for 30 days has expired (401).',
};

export const ChatStartBody = Type.Object(
  { visitor: Type.Optional(VisitorDetails), context: Type.Optional(VisitorContextBody) },
  { additionalProperties: false },
);
export const EventStreamHeaders = Type.Object({ 'last-event-id': Type.Optional(Type.String()) });
