// Request and response schemas of the conversation and handover routes. The Conversation and Message
// resources are exactly the spec's tables (plus the message's authorName); the web chat
// shows the same resources.
import { Type } from 'typebox';
import { Envelope, Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { LEAD_LIMITS } from '../leads/index.js';
import { MESSAGE_MAX_LENGTH } from './conversations.service.js';
import { CHANNELS, MODES } from './conversations.table.js';

export const ChannelSchema = Type.Enum(CHANNELS);
export const ModeSchema = Type.Enum(MODES);

export const ChatbotParams = Type.Object({ chatbotId: Type.String() });
/** Path parameters of a conversation's routes; threadId is opaque (an unknown one is 404, never 400). */
export const ThreadParams = Type.Object({ chatbotId: Type.String(), threadId: Type.String() });

export const ConversationSchema = Type.Object({
  threadId: Type.String(),
  chatbotId: Uuid,
  channel: ChannelSchema,
  mode: ModeSchema,
  escalated: Type.Boolean(),
  resolved: Type.Boolean(),
  startedAt: Timestamp,
  lastMessageAt: Timestamp,
}, { title: 'Conversation' });

export const MessageSchema = Type.Object({
  id: Type.String(),
  role: Type.Enum(['user', 'assistant', 'agent']),
  text: Type.String(),
  createdAt: Timestamp,
  authorName: Nullable(
    Type.String({ description: "The team member's first name on agent messages; null otherwise." }),
  ),
}, { title: 'Message' });

// --- the API channel ---------------------------------------------------------------------------------

const MessageText = Type.String({
  minLength: 1,
  maxLength: MESSAGE_MAX_LENGTH,
  description: '1 to 4,000 characters.',
});

const Visitor = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.name })),
    email: Type.Optional(
      Type.String({ maxLength: LEAD_LIMITS.email, description: 'A valid email address.' }),
    ),
    phone: Type.Optional(
      Type.String({
        maxLength: LEAD_LIMITS.phone,
        description: 'International form, e.g. +44 20 7946 0958.',
      }),
    ),
    company: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.company })),
  },
  {
    additionalProperties: false,
    description: "What the visitor told the account's backend; becomes the conversation's lead.",
  },
);

export const StartBody = Type.Object(
  { message: MessageText, visitor: Type.Optional(Visitor) },
  { additionalProperties: false },
);
export const MessageBody = Type.Object({ message: MessageText }, { additionalProperties: false });

export const VisitorTurnResponse = Envelope(
  Type.Object({
    conversation: ConversationSchema,
    messages: Type.Array(MessageSchema, {
      description: "The visitor's message, then the chatbot's answer when it answers (mode ai).",
    }),
  }),
);

// --- reads ---------------------------------------------------------------------------------------------

export const ConversationListQuery = Type.Object(
  {
    ...PageQuery,
    mode: Type.Optional(ModeSchema),
    escalated: Type.Optional(Type.Boolean()),
    resolved: Type.Optional(Type.Boolean()),
    channel: Type.Optional(ChannelSchema),
  },
  { additionalProperties: false },
);
export const MessageListQuery = Type.Object(PageQuery, { additionalProperties: false });

// --- handover ------------------------------------------------------------------------------------------

export const ConversationResponse = Envelope(Type.Object({ conversation: ConversationSchema }));

export const ReplyBody = Type.Object(
  {
    message: Type.String({
      minLength: 1,
      maxLength: MESSAGE_MAX_LENGTH,
      description: '1 to 4,000 characters.',
    }),
  },
  { additionalProperties: false },
);

export const ReplyResponse = Envelope(
  Type.Object({
    message: MessageSchema,
    delivered: Type.Boolean({ description: "Handed to the visitor's channel." }),
    deliveryError: Type.Optional(
      Type.String({ description: 'Only when delivery failed; the reply is still saved.' }),
    ),
  }),
);

export const ResolveBody = Type.Object({ resolved: Type.Boolean() }, { additionalProperties: false });
