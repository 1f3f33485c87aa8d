// The knowledge source as the API and the knowledge.synced event show it. Fields are picked one by one:
// internal columns (the stored upload, crawl settings, the processing run) never reach a client.
import { iso, isoOrNull } from '../../lib/clock.js';
import type { Selectable } from 'kysely';
import type { SourcePageTable } from './knowledge.table.js';
import type { SourceListRow, SourceSummaryRow } from './knowledge.repository.js';

export interface PresentedSource {
  id: string;
  chatbotId: string;
  type: SourceSummaryRow['type'];
  title: string | null;
  url: string | null;
  status: SourceSummaryRow['status'];
  error: string | null;
  isSourceOfTruth: boolean;
  refreshInterval: SourceSummaryRow['refresh_interval'];
  lastSyncedAt: string | null;
  createdAt: string;
  updatedAt: string;
  text?: string;
}

export function presentSource(row: SourceListRow): PresentedSource {
  return {
    id: row.id,
    chatbotId: row.chatbot_id,
    type: row.type,
    title: row.title,
    url: row.url,
    status: row.status,
    error: row.error,
    isSourceOfTruth: row.is_source_of_truth,
    refreshInterval: row.refresh_interval,
    lastSyncedAt: isoOrNull(row.last_synced_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const presentSourceWithText = (row: SourceSummaryRow & { text: string }): PresentedSource => ({
  ...presentSource(row),
  text: row.text,
});

/** A page of a website source's last read. */
export const presentPage = (row: Selectable<SourcePageTable>) => ({
  url: row.url,
  title: row.title,
  status: row.status,
  words: row.words,
  reason: row.reason,
  readAt: iso(row.read_at),
});
