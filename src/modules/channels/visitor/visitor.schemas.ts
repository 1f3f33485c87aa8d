// The visitor context: what the widget reports (start body's `context`, PUT …/context) and what the team
// reads (GET …/conversations/{threadId}/visitor).
import { Type } from 'typebox';
import { CHANNELS } from '../../../domain/channels.js';
import { Nullable } from '../../../http/envelope.js';

export const CONTEXT_LIMITS = { page: 2000, pageTitle: 200, language: 35, timeZone: 64 } as const;

export const VisitorContextBody = Type.Object(
  {
    page: Type.Optional(
      Type.String({
        maxLength: CONTEXT_LIMITS.page,
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
        description: 'The page the visitor is on (http or https); stored without its fragment.',
        examples: ['https://shop.example.com/pricing?plan=team'],
      }),
    ),
    pageTitle: Type.Optional(
      Type.String({
        maxLength: CONTEXT_LIMITS.pageTitle,
        description: "The page's title.",
        examples: ['Pricing – Acme'],
      }),
    ),
    language: Type.Optional(
      Type.String({
        maxLength: CONTEXT_LIMITS.language,
        pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
        description: "The browser's language, a BCP 47 tag (navigator.language), e.g. `en-GB`.",
        examples: ['nb-NO'],
      }),
    ),
    timeZone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: CONTEXT_LIMITS.timeZone,
        pattern: '^[A-Za-z0-9_+/-]+$',
        description: 'An IANA time zone name, e.g. `Europe/Oslo`.',
        examples: ['Europe/Oslo'],
      }),
    ),
    visitorId: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{16,64}$',
        description:
          "The widget's anonymous id for this browser (random, kept in its localStorage): links the visitor's conversations.",
        examples: ['q3Vd0tJx8mKp2LwZ_a9Rb-4N'],
      }),
    ),
  },
  {
    additionalProperties: false,
    title: 'WebChatVisitorContext',
    description:
      "What the visitor's browser tells about the visitor. Untrusted: the team sees it as text, never fetched.",
  },
);

const ConversationLink = Type.Object(
  {
    threadId: Type.String(),
    chatbotId: Type.String({ format: 'uuid' }),
    channel: Type.Enum(CHANNELS),
    startedAt: Type.String({ format: 'date-time' }),
    resolved: Type.Boolean(),
    lastMessage: Nullable(
      Type.Object({
        role: Type.Enum(['user', 'assistant', 'agent']),
        text: Type.String(),
        createdAt: Type.String({ format: 'date-time' }),
      }),
    ),
  },
  { title: 'EarlierConversation' },
);

export const VisitorSchema = Type.Object(
  {
    startPage: Nullable(Type.String({ description: 'The page the chat started on.' })),
    startPageTitle: Nullable(Type.String()),
    currentPage: Nullable(Type.String({ description: 'The page the visitor was last on while chatting.' })),
    currentPageTitle: Nullable(Type.String()),
    language: Nullable(Type.String({ description: 'BCP 47 tag.' })),
    timeZone: Nullable(Type.String({ description: 'IANA time zone name: the visitor’s local time.' })),
    browser: Nullable(Type.String({ examples: ['Chrome 126'] })),
    device: Nullable(Type.Union([Type.Literal('desktop'), Type.Literal('phone'), Type.Literal('tablet')])),
    os: Nullable(Type.String({ examples: ['Android 14'] })),
  },
  {
    title: 'VisitorContext',
    description:
      "Web chat only (null elsewhere): what the visitor's browser told. Untrusted text: show it as text, never fetch it.",
  },
);

export const VisitorResponseSchema = Type.Object({
  visitor: VisitorSchema,
  earlierConversations: Type.Array(ConversationLink, { maxItems: 10 }),
});
