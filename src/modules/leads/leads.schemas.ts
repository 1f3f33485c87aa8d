// Request and response schemas of the lead routes, and `VisitorDetails`: the contact details a visitor
// gives when a conversation starts, which every conversation channel accepts and which become its lead.
import { Type, type Static } from 'typebox';
import { CHANNELS } from '../../domain/channels.js';
import { Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { LEAD_LIMITS } from './contact-details.js';

export const LeadSchema = Type.Object(
  {
    id: Uuid,
    chatbotId: Uuid,
    threadId: Nullable(Type.String()),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    company: Nullable(Type.String()),
    channel: Type.Enum(CHANNELS),
    converted: Type.Boolean(),
    capturedAt: Timestamp,
  },
  { title: 'Lead' },
);

export const LeadParams = Type.Object({ chatbotId: Type.String(), leadId: Type.String() });

/** The longest search text of the leads list. */
export const LEAD_SEARCH_MAX = 200;

export const LeadListQuery = Type.Object(
  {
    ...PageQuery,
    contact: Type.Optional(
      Type.Enum(['true', 'false'], {
        description: 'true: only leads with an email address or phone number.',
      }),
    ),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: LEAD_SEARCH_MAX,
        description: `Only leads whose name, email, phone or company contains this text, case aside (1 to ${LEAD_SEARCH_MAX} characters).`,
      }),
    ),
    threadId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Only the lead of this conversation.' }),
    ),
  },
  { additionalProperties: false },
);

const nullableText = (maxLength: number, description: string) =>
  Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength,
        description: `${description} At most ${maxLength} characters; null clears it.`,
      }),
    ),
  );

export const LeadPatch = Type.Object(
  {
    name: nullableText(LEAD_LIMITS.name, 'Name.'),
    email: nullableText(LEAD_LIMITS.email, 'A valid email address.'),
    phone: nullableText(LEAD_LIMITS.phone, 'Phone number; stored in E.164 when it is a recognisable number.'),
    company: nullableText(LEAD_LIMITS.company, 'Company.'),
    converted: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** A team member's change of a lead, as the route checked it: only sent fields change; null clears a contact field. */
export type LeadPatch = Static<typeof LeadPatch>;

export const VisitorDetails = Type.Object(
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
    description: "The visitor's contact details; they become the conversation's lead.",
  },
);
/** A visitor's contact details as a channel received them: checked by `contactDetailsFromVisitor`. */
export type VisitorInput = Static<typeof VisitorDetails>;
