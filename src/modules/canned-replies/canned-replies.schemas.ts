// Request and response schemas of the canned replies' routes.
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { CANNED_REPLY_LIMITS, NAME_PATTERN } from './canned-replies.rules.js';

const Name = Type.String({
  minLength: 1,
  maxLength: CANNED_REPLY_LIMITS.name,
  pattern: NAME_PATTERN,
  examples: ['refund-policy'],
  description: `The shortcut typed after \`/\` in the inbox's reply box: 1 to ${CANNED_REPLY_LIMITS.name} letters, digits, \`-\` or \`_\`; unique in the account whatever its case.`,
});

const Text = Type.String({
  minLength: 1,
  maxLength: CANNED_REPLY_LIMITS.text,
  examples: ['Hi {visitor.name}, {agent.name} here: refunds reach your card within 5 working days.'],
  description:
    `The reply, 1 to ${CANNED_REPLY_LIMITS.text.toLocaleString('en')} characters (a reply's limit), stored as written. ` +
    'The inbox fills in `{visitor.name}` (the visitor’s name, or “there” when it is not known) and `{agent.name}` (the first name of the person replying) as it inserts the reply.',
});

export const CannedReplySchema = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'The shortcut typed after `/` in the reply box, as written.' }),
    text: Type.String({ description: 'The reply as written, `{visitor.name}` and `{agent.name}` included.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'CannedReply' },
);

export const ReplyParams = Type.Object({ replyId: Type.String() });

export const ReplyListQuery = Type.Object(
  {
    ...PageQuery,
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: CANNED_REPLY_LIMITS.name,
        pattern: NAME_PATTERN,
        description: 'Only replies whose name holds these characters (case does not count).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const NewReplyBody = Type.Object({ name: Name, text: Text }, { additionalProperties: false });

export const ReplyPatch = Type.Object(
  { name: Type.Optional(Name), text: Type.Optional(Text) },
  { additionalProperties: false },
);
