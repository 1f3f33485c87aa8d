// Words and orderings the inbox shows: waiting times, channel names, the queue's order.
import type { Conversation, Urgency } from './types';

const CHANNELS: Record<Conversation['channel'], string> = {
  web: 'Web chat',
  api: 'API',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Messenger',
};

export const channelName = (channel: Conversation['channel']): string => CHANNELS[channel] ?? channel;

/** The visitor's name, else the channel ("Visitor on Web chat"). */
export const visitorLabel = (conversation: Conversation): string =>
  conversation.visitor?.name ?? `Visitor on ${channelName(conversation.channel)}`;

export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/** "just now", "4 min", "2 h 5 min", "3 days". */
export function elapsed(since: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(since));
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/** "just now", "4 min ago", "2 h 5 min ago". */
export function ago(since: string, now: number): string {
  const passed = elapsed(since, now);
  return passed === 'just now' ? passed : `${passed} ago`;
}

export const clockTime = (at: string): string =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export const dateTime = (at: string): string =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const URGENCY_RANK: Record<Urgency, number> = { high: 0, medium: 1, low: 2 };
export const URGENCY_LABEL: Record<Urgency, string> = {
  high: 'High urgency',
  medium: 'Medium urgency',
  low: 'Low urgency',
};

/**
 * Since when the visitor has waited for an answer, or null when nobody waits: the conversation is resolved,
 * or the team spoke last. A visitor who wrote last waits since the handover while nobody has taken it
 * (they asked for a person then), else since their message; after the chatbot's "a person will join",
 * since the handover.
 */
export function waitingSince(conversation: Conversation): string | null {
  if (conversation.resolved) return null;
  const last = conversation.lastMessage;
  const handover = conversation.escalated ? conversation.escalation : null;
  if (last?.role === 'agent') return null;
  if (last?.role === 'user') return handover && conversation.assignee === null ? handover.at : last.createdAt;
  return handover ? handover.at : null;
}

/**
 * The queue's order: open handovers first (higher urgency first, then the longest waiting), then the
 * other conversations by newest activity.
 */
export function queueOrder(a: Conversation, b: Conversation): number {
  const ea = a.escalated && !a.resolved && a.escalation;
  const eb = b.escalated && !b.resolved && b.escalation;
  if (ea && eb) {
    const byUrgency = URGENCY_RANK[ea.urgency] - URGENCY_RANK[eb.urgency];
    return byUrgency !== 0 ? byUrgency : Date.parse(ea.at) - Date.parse(eb.at);
  }
  if (ea) return -1;
  if (eb) return 1;
  return Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt);
}

export const countOf = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
