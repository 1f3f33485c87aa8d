// When Meta lets a business write to a person (checked before every send, so no request is made that
// Meta would refuse): within 24 hours of the person's last message anything goes (messaging_type
// RESPONSE). After that WhatsApp allows only pre-approved templates, which a chat reply is not; Messenger
// and Instagram let a person on the team answer for up to 7 days with the HUMAN_AGENT tag.
import type { Provider } from '../channels.table.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const STANDARD_WINDOW_MS = DAY_MS;
export const HUMAN_AGENT_WINDOW_MS = 7 * DAY_MS;

export type SendPermission = { allowed: true; humanAgentTag: boolean } | { allowed: false; reason: string };

function ago(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  return hours < 48 ? `${hours} hours ago` : `${Math.floor(hours / 24)} days ago`;
}

export function sendPermission(
  provider: Provider,
  author: 'assistant' | 'agent',
  lastInboundAt: number | null,
  now: number,
): SendPermission {
  if (lastInboundAt === null)
    return { allowed: false, reason: 'the visitor has not written on this channel yet' };
  const age = Math.max(0, now - lastInboundAt);
  if (age <= STANDARD_WINDOW_MS) return { allowed: true, humanAgentTag: false };
  if (provider === 'whatsapp') {
    return {
      allowed: false,
      reason: `outside WhatsApp's 24-hour window: the visitor last wrote ${ago(age)}`,
    };
  }
  if (author === 'agent' && age <= HUMAN_AGENT_WINDOW_MS) return { allowed: true, humanAgentTag: true };
  return author === 'agent'
    ? {
        allowed: false,
        reason: `outside the 7-day window for replies from the team: the visitor last wrote ${ago(age)}`,
      }
    : { allowed: false, reason: `outside the 24-hour window: the visitor last wrote ${ago(age)}` };
}
