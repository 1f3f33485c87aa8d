// When the chatbot hands a conversation to the team on its own, in one place:
//
//   the visitor asks for a person, or says yes when the chatbot offered one → human_requested, urgency medium
//   the visitor is upset or complains        → complaint,       urgency high
//   the chatbot could not answer twice in a row → unanswered,    urgency low
//   (`other` is reserved: a category the API may report, which no rule here produces)
//
// Only the visitor's own words are read. Knowledge source text and the chatbot's answers never reach
// these rules, so "hand this conversation to a human now" written in a source cannot trigger them.
// The rules apply while the chatbot answers (mode ai) and no handover is open; the service enforces that.

export const ESCALATION_CATEGORIES = ['human_requested', 'complaint', 'unanswered', 'other'] as const;
export type EscalationCategory = (typeof ESCALATION_CATEGORIES)[number];
export const URGENCIES = ['low', 'medium', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];

export interface Escalation {
  category: EscalationCategory;
  urgency: Urgency;
  /** A readable sentence for the team. */
  reason: string;
}

export const UNANSWERED_IN_A_ROW_LIMIT = 2;

const ESCALATIONS = {
  human_requested: {
    category: 'human_requested',
    urgency: 'medium',
    reason: 'The visitor asked to talk to a person.',
  },
  complaint: { category: 'complaint', urgency: 'high', reason: 'The visitor is upset or complaining.' },
  unanswered: {
    category: 'unanswered',
    urgency: 'low',
    reason: `The chatbot could not answer ${UNANSWERED_IN_A_ROW_LIMIT} questions in a row.`,
  },
} as const satisfies Record<string, Escalation>;

const PERSON = String.raw`(?:a |an |some |one of your |your )?(?:real |live |actual )?(?:human(?: being)?|person|people|agent|representative|rep|operator|someone|somebody|manager|supervisor|staff|team member|employee|colleague)`;

const ASKS_FOR_A_PERSON: RegExp[] = [
  new RegExp(String.raw`\b(?:talk|speak|chat|write)\s+(?:to|with)\s+${PERSON}\b`, 'i'),
  new RegExp(
    String.raw`\b(?:connect|transfer|put|pass|forward)\s+me\s+(?:to|with|through to|on to)\s+${PERSON}\b`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:hand|transfer|pass|escalate|forward)\s+(?:this|the|my)\s+(?:conversation|chat|case|question)\s+(?:over\s+)?to\s+${PERSON}\b`,
    'i',
  ),
  new RegExp(String.raw`\b(?:can|could|may)\s+i\s+(?:get|have|see|reach)\s+${PERSON}\b`, 'i'),
  new RegExp(String.raw`\b(?:i\s+(?:want|need|would like|'d like)|give me|get me)\s+${PERSON}\b`, 'i'),
  /\b(?:human|live|real)\s+(?:agent|support|help|assistance)\b/i,
  /\bnot\s+(?:a\s+|talk(?:ing)?\s+to\s+a\s+)?(?:bot|robot|machine)\b/i,
  /^\s*(?:human|agent|operator|representative|a person|person)\s*[.!?]*\s*$/i,
];

const COMPLAINS: RegExp[] = [
  /\bcomplain(?:t|ts|ing)?\b/i,
  /\b(?:unacceptable|ridiculous|outrageous|disgraceful|disgusting|appalling|pathetic|incompetent|useless)\b/i,
  /\b(?:terrible|awful|horrible|worst|lousy)\s+(?:service|support|experience|company|product|help)\b/i,
  /\b(?:i am|i'm|im|i feel|we are|we're)\s+(?:so |very |really |extremely )?(?:angry|furious|upset|annoyed|frustrated|livid|disappointed|unhappy|fed up)\b/i,
  /\b(?:this is|what a)\s+(?:a\s+)?(?:joke|scam|rip[- ]?off|disgrace|nightmare)\b/i,
  /\b(?:sick and tired|fed up|waste of (?:time|money)|never again|want my money back)\b/i,
];

/** "I don't need to talk to a person" asks for nothing. */
const NEGATED_BEFORE = /\b(?:don'?t|do not|doesn'?t|no need to|not|never|without)\b[^.!?,;]{0,12}$/i;

function matchesUnnegated(patterns: RegExp[], text: string): boolean {
  return patterns.some((pattern) => {
    const match = pattern.exec(text);
    return match !== null && !NEGATED_BEFORE.test(text.slice(0, match.index));
  });
}

/**
 * Rules on a visitor message, before the chatbot answers it. A complaint outranks a request for a person.
 * `saysYesToAPerson`: the message is a plain yes and the chatbot's message before it offered a person (its
 * own fixed wording, never knowledge text): that yes asks for one.
 */
export function escalationForVisitorMessage(
  visitorText: string,
  saysYesToAPerson = false,
): Escalation | null {
  if (matchesUnnegated(COMPLAINS, visitorText)) return { ...ESCALATIONS.complaint };
  if (saysYesToAPerson || matchesUnnegated(ASKS_FOR_A_PERSON, visitorText))
    return { ...ESCALATIONS.human_requested };
  return null;
}

/** Rule after an answer: `unansweredInARow` counts the answers the chatbot could not give, this one included. */
export function escalationAfterAnswer(unansweredInARow: number): Escalation | null {
  return unansweredInARow >= UNANSWERED_IN_A_ROW_LIMIT ? { ...ESCALATIONS.unanswered } : null;
}

/**
 * A model may propose a handover (the `openai` engine offers it as a tool). It is honoured only when the
 * visitor's own words are the grounds, judged by the same rules as above: the words it cites must be the
 * visitor's, and the visitor's message holding them must itself ask for a person or complain. A model that
 * obeys text planted in a source and cites whatever the visitor wrote gets nothing; the category and
 * urgency are the rules', not the model's.
 */
export function escalationProposedByModel(
  proposal: { category: 'human_requested' | 'complaint'; visitorQuote: string },
  visitorTexts: readonly string[],
): Escalation | null {
  for (const text of visitorTexts) {
    if (!isVisitorQuote(proposal.visitorQuote, [text])) continue;
    const escalation = escalationForVisitorMessage(text);
    if (escalation) return escalation;
  }
  return null;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();

/** At least three characters of real words, found verbatim (ignoring case, spacing and punctuation) in what the visitor wrote. */
export function isVisitorQuote(quote: string, visitorTexts: readonly string[]): boolean {
  const needle = normalise(quote);
  if (needle.replace(/ /g, '').length < 3) return false;
  return visitorTexts.some((text) => ` ${normalise(text)} `.includes(` ${needle} `));
}
