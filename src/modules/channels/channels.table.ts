// Tables of the channels capability: the web chat's allowed origins and visitor tokens,
// the Meta connections with their encrypted credentials, the people who write in on those channels, and
// every inbound provider message (its unique provider id is what makes repeats harmless).
import type { Channel, Provider } from '../../domain/channels.js';

declare module '../../db/database.js' {
  interface Database {
    channel_allowed_origins: AllowedOriginTable;
    channel_visitor_tokens: VisitorTokenTable;
    channel_connections: ConnectionTable;
    channel_contacts: ContactTable;
    channel_inbound_messages: InboundMessageTable;
  }
}

export { PROVIDERS, type Provider } from '../../domain/channels.js';

/** The conversation channel each provider's messages arrive on (the spec calls Messenger `facebook`). */
export const CHANNEL_OF: Record<Provider, Channel> = {
  whatsapp: 'whatsapp',
  messenger: 'facebook',
  instagram: 'instagram',
};
export const PROVIDER_OF: Partial<Record<Channel, Provider>> = {
  whatsapp: 'whatsapp',
  facebook: 'messenger',
  instagram: 'instagram',
};

export interface AllowedOriginTable {
  chatbot_id: string;
  /** `scheme://host[:port]`, as browsers send it in the Origin header */
  origin: string;
  created_at: number;
}

export interface VisitorTokenTable {
  /** SHA-256 (hex) of the visitor token; the token itself is shown once, to the visitor. */
  token_hash: string;
  thread_id: string;
  chatbot_id: string;
  created_at: number;
  /** Moved forward by use, at most once an hour; 30 days after it the token has expired. */
  last_used_at: number;
}

export interface ConnectionTable {
  id: string;
  account_id: string;
  chatbot_id: string;
  provider: Provider;
  /** WhatsApp phone number id, Facebook page id or Instagram account id: what inbound payloads name. */
  external_id: string;
  /** HMAC of the verify token keyed from SECRET_KEY: found by lookup, never readable. */
  verify_token_hash: string;
  /** AES-256-GCM sealed JSON ({ accessToken | pageToken, appSecret }); see credentials.ts. */
  credentials: string;
  created_at: number;
  updated_at: number;
}

export interface ContactTable {
  chatbot_id: string;
  provider: Provider;
  /** WhatsApp number (wa_id) or page-scoped id of the person writing in */
  sender_id: string;
  /** Set when the first message is answered: one conversation per chatbot, provider and person */
  thread_id: string | null;
  /** WhatsApp profile name, latest seen */
  profile_name: string | null;
  /** While a job answers this person's messages (one job at a time, so they are answered in order) */
  lease_until: number | null;
  /** When the person last wrote: the 24-hour window is counted from here. */
  last_inbound_at: number;
  created_at: number;
}

export interface InboundMessageTable {
  provider: Provider;
  /** wamid.… or mid.…: unique per provider, so a repeated delivery is ignored */
  provider_message_id: string;
  connection_id: string;
  sender_id: string;
  text: string;
  /** WhatsApp profile name, when the payload carries one */
  profile_name: string | null;
  /** The provider's timestamp of the message (ms) */
  sent_at: number;
  /** Set once the message is in the conversation */
  thread_id: string | null;
  processed_at: number | null;
  created_at: number;
}
