// Request and response schemas of the chatbot routes.
import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { CHATBOT_LIMITS, WIDGET_POSITIONS } from './settings.js';

const Position = Type.Union([Type.Literal(WIDGET_POSITIONS[0]), Type.Literal(WIDGET_POSITIONS[1])]);

const text = (max: number, description: string) =>
  Type.String({ minLength: 1, maxLength: max, description: `${description} 1 to ${max} characters.` });

export const Chatbot = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'What the team calls it.' }),
    greeting: Nullable(
      Type.String({
        description: 'The first message a visitor sees in the web chat; null: “Hello! Ask us anything.”.',
      }),
    ),
    fallbackText: Nullable(
      Type.String({
        description:
          'What the chatbot says when it cannot answer (the offer of a person follows it); null: the service’s own words.',
      }),
    ),
    botName: Nullable(
      Type.String({
        description: 'The name the chatbot’s messages carry in the web chat; null: “Assistant”.',
      }),
    ),
    widget: Type.Object(
      {
        title: Nullable(Type.String({ description: 'The web chat’s title; null: “Chat with us”.' })),
        color: Nullable(
          Type.String({ description: 'The web chat’s colour, #rrggbb; null: the widget’s blue.' }),
        ),
        position: Nullable(Position),
      },
      {
        description:
          'How the web chat looks. A script tag’s data-title, data-color and data-position win over these.',
      },
    ),
    allowedOrigins: Type.Array(Type.String(), {
      description: 'The sites (scheme://host[:port]) whose pages may embed the web chat.',
    }),
    createdAt: Timestamp,
  },
  { title: 'Chatbot' },
);

export const ChatbotListQuery = Type.Object(PageQuery, { additionalProperties: false });

const settings = {
  greeting: Type.Optional(
    Nullable(text(CHATBOT_LIMITS.greeting, 'The web chat’s first message; null: “Hello! Ask us anything.”.')),
  ),
  fallbackText: Type.Optional(
    Nullable(
      text(CHATBOT_LIMITS.fallbackText, 'What it says when it cannot answer; null: the service’s own words.'),
    ),
  ),
  botName: Type.Optional(
    Nullable(text(CHATBOT_LIMITS.botName, 'The name its messages carry in the web chat; null: “Assistant”.')),
  ),
  widget: Type.Optional(
    Type.Object(
      {
        title: Type.Optional(
          Nullable(text(CHATBOT_LIMITS.widgetTitle, 'The web chat’s title; null: “Chat with us”.')),
        ),
        color: Type.Optional(
          Nullable(
            Type.String({
              pattern: '^#[0-9a-fA-F]{6}$',
              description: '#rrggbb; null: the widget’s blue.',
              examples: ['#1f5fbf'],
            }),
          ),
        ),
        position: Type.Optional(Nullable(Position)),
      },
      { additionalProperties: false },
    ),
  ),
  allowedOrigins: Type.Optional(
    Type.Array(Type.String({ maxLength: 300 }), {
      maxItems: CHATBOT_LIMITS.allowedOrigins,
      description: `At most ${CHATBOT_LIMITS.allowedOrigins} origins such as https://www.example.com (no path, no wildcard); replaces the list.`,
    }),
  ),
};

export const NewChatbotBody = Type.Object(
  { name: text(CHATBOT_LIMITS.name, 'Its name.'), ...settings },
  { additionalProperties: false },
);
export const ChatbotPatch = Type.Object(
  { name: Type.Optional(text(CHATBOT_LIMITS.name, 'Its name.')), ...settings },
  { additionalProperties: false },
);
