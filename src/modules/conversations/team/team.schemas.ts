import { Type } from 'typebox';
import { Nullable, Timestamp } from '../../../http/envelope.js';
import { PageQuery } from '../../../http/pagination.js';
import { NOTE_MAX_LENGTH } from './notes.service.js';

const Person = Type.Object({ id: Type.String(), name: Type.String() });

const noteFields = {
  id: Type.String(),
  threadId: Type.String(),
  chatbotId: Type.String(),
  kind: Type.Union([Type.Literal('note'), Type.Literal('assignment')], {
    description:
      'note: written by a team member; assignment: the conversation was given to `assignee` by `author`.',
  }),
  text: Type.String({ description: 'The note as written; empty on an assignment.' }),
  author: Type.Object(
    { id: Nullable(Type.String()), name: Type.String() },
    { description: 'Who wrote the note or moved the conversation (id null once that person is removed).' },
  ),
  assignee: Nullable(
    Type.Object(Person.properties, { description: 'On an assignment: who was given the conversation.' }),
  ),
  mentions: Type.Array(Person, {
    description: 'The team members the note mentions with `@`, who were notified.',
  }),
  createdAt: Timestamp,
};

export const NoteSchema = Type.Object(noteFields, { title: 'Note' });

export const MentionSchema = Type.Object(
  {
    ...noteFields,
    read: Type.Boolean({
      description: 'Whether you have seen it (opened the conversation or marked it read).',
    }),
  },
  { title: 'Mention' },
);

export const NoteBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: NOTE_MAX_LENGTH,
      description:
        '1 to 4,000 characters, not blank. `@` and a first name (or the part of an email before its `@`) mentions that team member.',
    }),
  },
  { additionalProperties: false },
);

export const NoteListQuery = Type.Object(PageQuery, { additionalProperties: false });

export const MentionListQuery = Type.Object(
  {
    ...PageQuery,
    unread: Type.Optional(Type.Boolean({ description: 'true: only the mentions you have not seen.' })),
  },
  { additionalProperties: false },
);

export const AssignBody = Type.Object(
  {
    userId: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The team member who is given the conversation: an active member of the account.',
    }),
  },
  { additionalProperties: false },
);
