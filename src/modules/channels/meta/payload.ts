// Reading Meta's webhook payloads: which connected account each entry is for, and the text messages in
// it. Everything else (delivery and read receipts, status updates, echoes of the page's own messages,
// attachments, reactions) is ignored: only a person's text becomes a visitor message.
import type { Provider } from '../channels.table.js';

export interface InboundText {
  /** WhatsApp phone number id, page id or Instagram account id the message was sent to */
  externalId: string;
  senderId: string;
  messageId: string;
  text: string;
  /** ms since the epoch */
  sentAt: number;
  /** WhatsApp's profile name of the sender, when given */
  profileName: string | null;
}

const OBJECT: Record<Provider, string> = {
  whatsapp: 'whatsapp_business_account',
  messenger: 'page',
  instagram: 'instagram',
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;

/** WhatsApp gives unix seconds as text, Messenger and Instagram milliseconds as numbers. */
function timestamp(value: unknown, unit: 'seconds' | 'ms', fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(number) || number <= 0) return fallback;
  return Math.round(unit === 'seconds' ? number * 1000 : number);
}

/** The JSON body, or null when it is not an object of the provider's kind. */
export function parseBody(provider: Provider, raw: Buffer): Json | null {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  return isObject(body) && body.object === OBJECT[provider] ? body : null;
}

/** Every connected id the payload speaks for: whose app secret may have signed it. */
export function targetIds(provider: Provider, body: Json): string[] {
  const ids = new Set<string>();
  for (const entry of objects(body.entry)) {
    if (provider === 'whatsapp') {
      for (const change of objects(entry.changes)) {
        const id =
          isObject(change.value) && isObject(change.value.metadata)
            ? text(change.value.metadata.phone_number_id)
            : null;
        if (id) ids.add(id);
      }
    } else {
      const id = text(entry.id);
      if (id) ids.add(id);
    }
  }
  return [...ids];
}

export function textMessages(provider: Provider, body: Json, now: number): InboundText[] {
  return provider === 'whatsapp' ? whatsappTexts(body, now) : messagingTexts(body, now);
}

function whatsappTexts(body: Json, now: number): InboundText[] {
  const found: InboundText[] = [];
  for (const entry of objects(body.entry)) {
    for (const change of objects(entry.changes)) {
      const value = change.value;
      if (change.field !== 'messages' || !isObject(value) || !isObject(value.metadata)) continue;
      const externalId = text(value.metadata.phone_number_id);
      if (!externalId) continue;
      const names = new Map<string, string>();
      for (const contact of objects(value.contacts)) {
        const waId = text(contact.wa_id);
        const name = isObject(contact.profile) ? text(contact.profile.name) : null;
        if (waId && name) names.set(waId, name);
      }
      for (const message of objects(value.messages)) {
        const senderId = text(message.from);
        const messageId = text(message.id);
        const body = message.type === 'text' && isObject(message.text) ? text(message.text.body) : null;
        if (!senderId || !messageId || !body?.trim()) continue;
        found.push({
          externalId,
          senderId,
          messageId,
          text: body,
          sentAt: timestamp(message.timestamp, 'seconds', now),
          profileName: names.get(senderId) ?? null,
        });
      }
    }
  }
  return found;
}

function messagingTexts(body: Json, now: number): InboundText[] {
  const found: InboundText[] = [];
  for (const entry of objects(body.entry)) {
    const externalId = text(entry.id);
    if (!externalId) continue;
    for (const event of objects(entry.messaging)) {
      const message = event.message;
      if (!isObject(message) || message.is_echo === true) continue;
      const senderId = isObject(event.sender) ? text(event.sender.id) : null;
      const messageId = text(message.mid);
      const body = text(message.text);
      // The page's own messages come back as echoes; a sender equal to the page is one too.
      if (!senderId || senderId === externalId || !messageId || !body?.trim()) continue;
      found.push({
        externalId,
        senderId,
        messageId,
        text: body,
        sentAt: timestamp(event.timestamp, 'ms', now),
        profileName: null,
      });
    }
  }
  return found;
}
