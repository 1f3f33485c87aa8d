// Request and response schemas of the knowledge routes: the source as the API and the knowledge.synced
// event show it, and what each endpoint accepts.
import { Type } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

export const SOURCE_TYPES = ['website', 'file', 'text'] as const;
export const SOURCE_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export const REFRESH_INTERVALS = ['off', 'daily', 'weekly'] as const;

export const KnowledgeSource = Type.Object(
  {
    id: Uuid,
    chatbotId: Uuid,
    type: Type.Enum([...SOURCE_TYPES]),
    title: Nullable(Type.String()),
    url: Nullable(Type.String()),
    status: Type.Enum([...SOURCE_STATUSES]),
    error: Nullable(Type.String()),
    isSourceOfTruth: Type.Boolean(),
    refreshInterval: Type.Enum([...REFRESH_INTERVALS]),
    lastSyncedAt: Nullable(Timestamp),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    text: Type.Optional(Type.String({ description: 'Only with include=text on the single-source read.' })),
  },
  { title: 'Source' },
);

export const SourceParams = Type.Object({ chatbotId: Type.String(), sourceId: Type.String() });

const Title = Type.String({ minLength: 1, maxLength: 255 });
const SourceText = Type.String({ minLength: 1, maxLength: 200_000 });
const RefreshInterval = Type.Enum([...REFRESH_INTERVALS]);
const PathPrefix = Type.String({
  pattern: '^/',
  maxLength: 2048,
  description: 'A path prefix beginning with /.',
});

export const SourceListQuery = Type.Object(
  { ...PageQuery, type: Type.Optional(Type.Enum([...SOURCE_TYPES])) },
  { additionalProperties: false },
);

export const WebsiteBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'A public http(s) address.' }),
    crawl: Type.Optional(Type.Enum(['page', 'site'])),
    pageUrls: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { minItems: 1, maxItems: 50 }),
    ),
    includePaths: Type.Optional(Type.Array(PathPrefix, { maxItems: 50 })),
    excludePaths: Type.Optional(Type.Array(PathPrefix, { maxItems: 50 })),
    refreshInterval: Type.Optional(RefreshInterval),
    title: Type.Optional(Title),
  },
  { additionalProperties: false },
);

export const TextBody = Type.Object({ title: Title, text: SourceText }, { additionalProperties: false });

export const SourceReadQuery = Type.Object(
  { include: Type.Optional(Type.Enum(['text'], { description: '`text` adds source.text.' })) },
  { additionalProperties: false },
);

export const SourcePatch = Type.Object(
  {
    title: Type.Optional(Title),
    text: Type.Optional(SourceText),
    isSourceOfTruth: Type.Optional(Type.Boolean()),
    refreshInterval: Type.Optional(RefreshInterval),
  },
  { additionalProperties: false },
);

export const PageListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Enum(['read', 'skipped'], { description: 'Only pages read, or only pages skipped.' }),
    ),
  },
  { additionalProperties: false },
);

export const SourcePage = Type.Object(
  {
    url: Type.String(),
    title: Nullable(
      Type.String({ description: 'The page’s title as answers cite it; null for a page skipped.' }),
    ),
    status: Type.Union([Type.Literal('read'), Type.Literal('skipped')]),
    words: Type.Integer({ description: 'Words of text read from it; 0 when skipped.' }),
    reason: Nullable(Type.String({ description: 'Why it was skipped, in plain words; null when read.' })),
    readAt: Timestamp,
  },
  { title: 'SourcePage' },
);
