// Request and response schemas of the conversation and handover routes. The Conversation resource is the
// spec's table plus what the team inbox needs (assignee, open handover, visitor, latest message); the
// Message resource adds authorName and rateable. The web chat, the live stream and webhook events show the same resources.
import { Type } from 'typebox';
import { Envelope, Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { VisitorDetails } from '../leads/index.js';
import { MESSAGE_MAX_LENGTH } from './conversations.service.js';
import { ESCALATION_CATEGORIES, URGENCIES } from './handover-rules.js';
import { CHANNELS, MODES } from './conversations.table.js';
import { CONVERSATION_STATES } from './conversations.repository.js';

export const ChannelSchema = Type.Enum(CHANNELS);
const MessageRole = Type.Enum(['user', 'assistant', 'agent']);
export const ModeSchema = Type.Enum(MODES);

/**
 * Path parameters of a conversation's routes, the team's and the web chat's. threadId is opaque: an
 * unknown one is 404. Its maxLength never answers a request: the router refuses a path segment over 100
 * characters before the route runs, with 404 as for an unknown id (http/early-errors.ts).
 */
export const ThreadParams = Type.Object({
  chatbotId: Type.String(),
  threadId: Type.String({ maxLength: 200 }),
});

export const ConversationSchema = Type.Object(
  {
    threadId: Type.String(),
    chatbotId: Uuid,
    channel: ChannelSchema,
    mode: ModeSchema,
    escalated: Type.Boolean(),
    resolved: Type.Boolean(),
    startedAt: Timestamp,
    lastMessageAt: Timestamp,
    assignee: Nullable(
      Type.Object(
        { id: Uuid, name: Type.String({ description: "The team member's full name." }) },
        {
          description:
            'The team member handling the conversation (take-over, or the reply that claimed it); null when nobody does.',
        },
      ),
    ),
    escalation: Nullable(
      Type.Object(
        {
          reason: Type.String({ description: 'A readable sentence.' }),
          category: Type.Enum(ESCALATION_CATEGORIES),
          urgency: Type.Enum(URGENCIES),
          at: Timestamp,
        },
        {
          description:
            'The open handover: why and when the conversation was handed to the team; null when no handover is open.',
        },
      ),
    ),
    visitor: Nullable(
      Type.Object(
        { name: Type.String() },
        {
          description:
            "The visitor's name from the conversation's lead; null while the visitor has given none.",
        },
      ),
    ),
    lastMessage: Nullable(
      Type.Object(
        {
          role: MessageRole,
          text: Type.String({ description: 'The first 200 characters.' }),
          createdAt: Timestamp,
        },
        { description: 'The latest message of any role; null before the first.' },
      ),
    ),
  },
  { title: 'Conversation' },
);

/** Why the chatbot handed a conversation to the team: the `escalation` of the conversation.escalated event. */
export const EscalationSchema = Type.Object({
  reason: Type.String({
    description: 'A readable sentence.',
    examples: ['The visitor asked to talk to a person.'],
  }),
  category: Type.Enum(ESCALATION_CATEGORIES, { type: 'string' }),
  urgency: Type.Enum(URGENCIES, { type: 'string' }),
});

export const MessageSchema = Type.Object(
  {
    id: Type.String(),
    role: MessageRole,
    text: Type.String(),
    createdAt: Timestamp,
    authorName: Nullable(
      Type.String({ description: "The team member's first name on agent messages; null otherwise." }),
    ),
    rateable: Type.Boolean({
      description:
        "True on the chatbot's answers from its knowledge, the messages a visitor may rate (`POST /widget/…/messages/{messageId}/feedback`); " +
        "false on every other message: the visitor's and the team's, and the chatbot's \"I don't know\", handover notice, small talk and contact-noted replies.",
    }),
  },
  { title: 'Message' },
);

// --- the API channel ---------------------------------------------------------------------------------

const MessageText = Type.String({
  minLength: 1,
  maxLength: MESSAGE_MAX_LENGTH,
  description: '1 to 4,000 characters.',
});

export const StartBody = Type.Object(
  { message: MessageText, visitor: Type.Optional(VisitorDetails) },
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

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** The longest search text of the conversations list. */
export const CONVERSATION_SEARCH_MAX = 200;

export const AccountConversationListQuery = Type.Object(
  {
    ...ConversationListQuery.properties,
    chatbotId: Type.Optional(
      Type.String({ format: 'uuid', description: "Only this chatbot's conversations." }),
    ),
    assignee: Type.Optional(
      Type.String({
        pattern: `^(me|none|${UUID_PATTERN})$`,
        description:
          "`me`: handled by the caller (the token's creator, or the signed-in person); `none`: by nobody; a user id: by that team member.",
        examples: ['me'],
      }),
    ),
    state: Type.Optional(
      Type.Enum(CONVERSATION_STATES, {
        description:
          'Where it stands (each conversation is in one): `needs_person` handed over and nobody holds it; `with_person` a team member holds it; `chatbot` the chatbot answers, no handover open; `resolved`.',
      }),
    ),
    urgency: Type.Optional(Type.Enum(URGENCIES, { description: 'Only open handovers of this urgency.' })),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: CONVERSATION_SEARCH_MAX,
        description: `Only conversations whose visitor's name, email, phone or company, or any message, contains this text, case aside (1 to ${CONVERSATION_SEARCH_MAX} characters).`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const ConversationCountsQuery = Type.Object(
  {
    chatbotId: Type.Optional(
      Type.String({ format: 'uuid', description: "Only this chatbot's conversations." }),
    ),
    channel: Type.Optional(ChannelSchema),
  },
  { additionalProperties: false },
);

export const ConversationCountsSchema = Type.Object(
  {
    needsPerson: Type.Integer({ description: 'Handed over, and nobody holds them.' }),
    withPerson: Type.Integer({ description: 'A team member holds them.' }),
    chatbot: Type.Integer({ description: 'The chatbot answers; no handover open.' }),
    resolved: Type.Integer(),
    mine: Type.Integer({ description: 'Open ones the caller holds.' }),
  },
  { title: 'ConversationCounts' },
);

// --- handover ------------------------------------------------------------------------------------------

export const ConversationResponse = Envelope(Type.Object({ conversation: ConversationSchema }));

// A team member's reply has the shape of a visitor's message.
export const ReplyBody = MessageBody;

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

export const TRY_OUT_HISTORY_MAX = 20;

export const TryOutBody = Type.Object(
  {
    message: MessageText,
    history: Type.Optional(
      Type.Array(
        Type.Object(
          {
            role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
            text: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: TRY_OUT_HISTORY_MAX,
          description: `The earlier turns of the test, oldest first (at most ${TRY_OUT_HISTORY_MAX}): follow-ups are read with them.`,
        },
      ),
    ),
  },
  { additionalProperties: false },
);

const ShownPassage = Type.Object({
  title: Nullable(Type.String()),
  url: Nullable(Type.String()),
  text: Type.String({ description: 'The passage as stored.' }),
  relevance: Nullable(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'How much of what the question asks about it holds.',
    }),
  ),
  used: Type.Boolean({ description: 'Whether the reply quotes it.' }),
});

export const TryOutReplySchema = Type.Object(
  {
    text: Type.String({ description: 'What a visitor would read.' }),
    answered: Type.Boolean(),
    by: Type.Union(
      [
        Type.Literal('small_talk'),
        Type.Literal('handover'),
        Type.Literal('curated_answer'),
        Type.Literal('extractive'),
        Type.Literal('openai'),
      ],
      {
        description:
          'What replied: small talk, a request for a person, a curated answer, or an engine from the knowledge.',
      },
    ),
    curatedAnswerId: Nullable(Type.String()),
    handover: Nullable(
      Type.Union([Type.Literal('human_requested'), Type.Literal('complaint')], {
        description: 'In a conversation this message would hand over to the team.',
      }),
    ),
    grounds: Nullable(
      Type.Object({
        passages: Type.Array(ShownPassage, {
          description: 'The passages weighed, most relevant first (at most five).',
        }),
        declined: Nullable(
          Type.String({ description: 'Why it did not answer, in plain words; null when it answered.' }),
        ),
      }),
    ),
  },
  { title: 'TryOutReply' },
);
