// What the chatbot says in its own words (not from knowledge): small talk, "I don't know", and the
// handover notices. Kept together so the voice stays consistent and tests can refer to it.
import type { Escalation } from '../handover-rules.js';

export const DONT_KNOW =
  "I'm sorry, I don't know the answer to that. Would you like me to connect you with a person from our team?";

const SMALL_TALK: Array<{ pattern: RegExp; reply: string }> = [
  {
    pattern: /^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|greetings)(?: there)?$/,
    reply: 'Hello! How can I help you today?',
  },
  {
    pattern:
      /^(?:thanks|thank you|thx|ty|cheers|many thanks|thanks a lot|thank you so much|great thanks|ok thanks|okay thanks)$/,
    reply: "You're welcome! Is there anything else I can help with?",
  },
  { pattern: /^(?:bye|goodbye|see you|see ya|bye bye)$/, reply: 'Goodbye, and thanks for getting in touch!' },
];

/** A reply to a greeting, thanks or goodbye that says nothing else; null for anything else. */
export function smallTalkReply(message: string): string | null {
  const normalised = message
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return SMALL_TALK.find(({ pattern }) => pattern.test(normalised))?.reply ?? null;
}

/**
 * An answer from knowledge names what it used: the title of the page or source, and for a website the
 * address of the page (a page without a title of its own is named by its address alone).
 */
export function citing(title: string | null, url: string | null, excerpt: string): string {
  if (url && (!title || title === url)) return `According to "${url}": ${excerpt}`;
  if (url) return `According to "${title}" (${url}): ${excerpt}`;
  return title ? `According to "${title}": ${excerpt}` : `According to our information: ${excerpt}`;
}

/** Said once, when this message opened the handover. */
export function handoverOpened(escalation: Escalation): string {
  switch (escalation.category) {
    case 'human_requested':
      return "Of course. I've let our team know you'd like to talk to a person; someone will join this conversation shortly.";
    case 'complaint':
      return "I'm sorry to hear that. I've let our team know, and a person will join this conversation shortly.";
    default:
      return "I've asked our team to help; a person will join this conversation shortly.";
  }
}

/** Added to each answer while a handover is open and nobody from the team has taken over yet. */
export const HANDOVER_PENDING =
  'A member of our team has been notified and will join this conversation shortly.';

/**
 * The chatbot's message: the answer, framed by the handover state. A request for a person is answered
 * with the notice alone; a complaint gets the notice and, when there is one, the answer; while a handover
 * stays open every answer reminds the visitor that the team will join.
 */
export function composeReply(input: {
  answer: string;
  answered: boolean;
  opened: Escalation | null;
  pending: boolean;
}): string {
  if (input.opened?.category === 'human_requested') return handoverOpened(input.opened);
  if (input.opened?.category === 'unanswered')
    return `I'm sorry I couldn't help with that. ${handoverOpened(input.opened)}`;
  if (input.opened)
    return input.answered
      ? `${handoverOpened(input.opened)}\n\n${input.answer}`
      : handoverOpened(input.opened);
  if (input.pending) return `${input.answer}\n\n${HANDOVER_PENDING}`;
  return input.answer;
}
