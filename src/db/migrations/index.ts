// Every migration, in order. A capability adds its own file and one line here.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as jobsAndEvents from './0002_jobs_and_events.js';
import * as knowledge from './0003_knowledge.js';
import * as webhooks from './0004_webhooks.js';
import * as conversations from './0005_conversations.js';
import * as channels from './0006_channels.js';
import * as claimsAndLeases from './0007_claims_and_leases.js';
import * as conversationLive from './0008_conversation_live.js';
import * as operations from './0009_operations.js';
import * as people from './0010_people.js';
import * as answerRecords from './0011_answer_records.js';
import * as chunkPages from './0012_chunk_pages.js';
import * as trigramRetrieval from './0013_trigram_retrieval.js';
import * as knowledgeWords from './0014_knowledge_words.js';
import * as chunkVectors from './0015_chunk_vectors.js';
import * as streamEventIds from './0016_stream_event_ids.js';
import * as jobInterruptions from './0017_job_interruptions.js';
import * as curatedAnswers from './0018_curated_answers.js';
import * as rolesAndSettings from './0019_roles_and_settings.js';
import * as sourcePages from './0020_source_pages.js';
import * as conversationResolvedAt from './0021_conversation_resolved_at.js';
import * as cannedReplies from './0022_canned_replies.js';
import * as visitorContext from './0023_visitor_context.js';
import * as teamNotes from './0024_team_notes.js';
import * as webhookDestinations from './0025_webhook_destinations.js';
import * as leanDeliveryIndexes from './0026_lean_delivery_indexes.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_jobs_and_events': jobsAndEvents,
  '0003_knowledge': knowledge,
  '0004_webhooks': webhooks,
  '0005_conversations': conversations,
  '0006_channels': channels,
  '0007_claims_and_leases': claimsAndLeases,
  '0008_conversation_live': conversationLive,
  '0009_operations': operations,
  '0010_people': people,
  '0011_answer_records': answerRecords,
  '0012_chunk_pages': chunkPages,
  '0013_trigram_retrieval': trigramRetrieval,
  '0014_knowledge_words': knowledgeWords,
  '0015_chunk_vectors': chunkVectors,
  '0016_stream_event_ids': streamEventIds,
  '0017_job_interruptions': jobInterruptions,
  '0018_curated_answers': curatedAnswers,
  '0019_roles_and_settings': rolesAndSettings,
  '0020_source_pages': sourcePages,
  '0021_conversation_resolved_at': conversationResolvedAt,
  '0022_canned_replies': cannedReplies,
  '0023_visitor_context': visitorContext,
  '0024_team_notes': teamNotes,
  '0025_webhook_destinations': webhookDestinations,
  '0026_lean_delivery_indexes': leanDeliveryIndexes,
};
