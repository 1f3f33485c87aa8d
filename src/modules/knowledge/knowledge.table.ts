// Tables of the knowledge capability: the sources of a chatbot, the chunks indexed from them and the
// chunks' vectors.
import type { Generated } from 'kysely';
import type { BooleanColumn } from '../../db/database.js';
import type { FileKind } from './processing/sniff.js';

declare module '../../db/database.js' {
  interface Database {
    knowledge_sources: KnowledgeSourceTable;
    knowledge_chunks: KnowledgeChunkTable;
    knowledge_source_pages: SourcePageTable;
    knowledge_chunk_vectors: KnowledgeChunkVectorTable;
  }
}

/** What a read did with one page of a website. */
export interface PageResult {
  url: string;
  title: string | null;
  status: 'read' | 'skipped';
  /** Words of text read from it; 0 when skipped. */
  words: number;
  /** Why it was skipped; null when read. */
  reason: string | null;
}

/** A page of a website source's last read: read, with its words, or skipped, with why. */
export interface SourcePageTable {
  source_id: string;
  /** The first page read has the highest: lists go highest first, so in the order pages were read. */
  rank: number;
  url: string;
  title: string | null;
  status: 'read' | 'skipped';
  words: number;
  reason: string | null;
  read_at: number;
}

export type SourceType = 'website' | 'file' | 'text';
export type SourceStatus = 'pending' | 'processing' | 'ready' | 'failed';
export type RefreshInterval = 'off' | 'daily' | 'weekly';

export interface KnowledgeSourceTable {
  id: string;
  account_id: string;
  chatbot_id: string;
  type: SourceType;
  title: string | null;
  url: string | null;
  status: SourceStatus;
  error: string | null;
  is_source_of_truth: BooleanColumn;
  refresh_interval: RefreshInterval;
  /** When a website was last read successfully (ms). */
  last_synced_at: number | null;
  /** When the last read ended, successful or not: scheduled refreshes count from here, so a failing site is retried once per interval rather than on every tick. */
  last_read_at: number | null;
  created_at: number;
  updated_at: number;
  /** The text of a text source, or the text extracted from a file or website ('' until processed). */
  text: string;
  /** Websites: how to read them (JSON `CrawlSettings`). */
  crawl: string | null;
  /** Files: the stored upload (JSON `StoredUpload`). */
  upload: string | null;
  /**
   * The processing run the live job belongs to. Each change that asks for processing (creation, new
   * text, refresh) starts a new run; a job whose run is no longer current (the source was deleted or
   * processed again) drops its result instead of writing it.
   */
  run_id: string | null;
}

export interface KnowledgeChunkTable {
  id: Generated<number>;
  source_id: string;
  chatbot_id: string;
  position: number;
  /** The page a website chunk came from; null for text and files. */
  url: string | null;
  /** That page's title; null for text and files (and for chunks stored before pages had titles): the source's title stands for it. */
  title: string | null;
  text: string;
}

export interface CrawlSettings {
  mode: 'page' | 'site';
  /** Exactly these pages are read (page mode only). */
  pageUrls?: string[];
  includePaths?: string[];
  excludePaths?: string[];
}

export interface StoredUpload {
  /** The name the file was uploaded with. */
  fileName: string;
  kind: FileKind;
  /** Relative to DATA_DIR. */
  path: string;
  size: number;
}

/** A chunk's vector (EMBEDDINGS_MODEL), stored beside it (search/vectors.ts). */
export interface KnowledgeChunkVectorTable {
  id: Generated<number>;
  chunk_id: number;
  chatbot_id: string;
  /** The model that made the vector (EMBEDDINGS_MODEL then). */
  model: string;
  dimensions: number;
  /** Length 1. A blob of little-endian 32-bit floats, or pgvector's type where the server has it. */
  embedding: unknown;
}
