// What the chatbot says in its own words around an answer: its offer of a person and the handover notices.
// Kept together so the voice stays consistent and tests can refer to it. (Small talk is answered before
// any engine, in visitor-words.ts; "I don't know" is the answers capability's, with this offer.)
import type { Escalation } from './handover-rules.js';

/** How the chatbot offers a person from the team; a "yes" right after it asks for one. */
export const OFFER_OF_A_PERSON = 'Would you like me to connect you with a person from our team?';

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
