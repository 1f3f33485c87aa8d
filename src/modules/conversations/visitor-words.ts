// What a visitor message is before any engine reads it: small talk (a greeting, thanks, "ok", "no thanks",
// goodbye), contact details and nothing else, a yes to the chatbot's offer of a person, or a question.
// Small talk and contact details get the chatbot's own short reply: they are no question the knowledge
// could fail to answer, so they neither count toward "could not answer twice in a row" nor appear in the
// unanswered-questions report.
import { findContactDetails } from '../leads/index.js';
import { OFFER_OF_A_PERSON } from './replies.js';

/** Lower case letters, digits and single spaces; apostrophes dropped ("that's" → "thats"). */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The phrases of `table` the message is made of, in order (longest phrase first at each word); null when
 * some word belongs to none, or the message is empty or long.
 */
function phrasesOf<K>(text: string, table: ReadonlyArray<readonly [string, K]>): K[] | null {
  const words = normalise(text).split(' ').filter(Boolean);
  if (words.length === 0 || words.length > 12) return null;
  const kinds: K[] = [];
  let at = 0;
  outer: while (at < words.length) {
    for (const [phrase, kind] of table) {
      const parts = phrase.split(' ');
      if (parts.every((part, i) => words[at + i] === part)) {
        kinds.push(kind);
        at += parts.length;
        continue outer;
      }
    }
    return null;
  }
  return kinds;
}

const longestFirst = <K>(table: Array<readonly [string, K]>) =>
  table.sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);

type SmallTalkKind = 'greeting' | 'thanks' | 'settled' | 'goodbye';

/** Phrases a small-talk message is made of, longest first so "thank you so much" wins over "thank you". */
const PHRASES = longestFirst<SmallTalkKind>([
  ...[
    'hi',
    'hello',
    'hey',
    'hiya',
    'howdy',
    'good morning',
    'good afternoon',
    'good evening',
    'greetings',
    'there',
  ].map((p) => [p, 'greeting'] as const),
  ...[
    'thanks',
    'thank you',
    'thx',
    'ty',
    'cheers',
    'many thanks',
    'thanks a lot',
    'thank you so much',
    'thank you very much',
    'thanks so much',
    'much appreciated',
    'appreciate it',
    'great thanks',
  ].map((p) => [p, 'thanks'] as const),
  ...[
    'ok',
    'okay',
    'k',
    'alright',
    'all right',
    'fine',
    'great',
    'perfect',
    'cool',
    'nice',
    'good',
    'got it',
    'understood',
    'i see',
    'sounds good',
    'no',
    'nope',
    'no thanks',
    'no thank you',
    'not now',
    'no need',
    'not needed',
    'im good',
    'im fine',
    'thats all',
    'thats it',
    'nothing else',
    'all good',
  ].map((p) => [p, 'settled'] as const),
  ...[
    'bye',
    'goodbye',
    'bye bye',
    'see you',
    'see ya',
    'have a nice day',
    'have a good day',
    'take care',
  ].map((p) => [p, 'goodbye'] as const),
]);

const SMALL_TALK_REPLIES: Record<SmallTalkKind, string> = {
  greeting: 'Hello! How can I help you today?',
  thanks: "You're welcome! Is there anything else I can help with?",
  settled: 'All right. Is there anything else I can help with?',
  goodbye: 'Goodbye, and thanks for getting in touch!',
};

/**
 * The chatbot's reply to a message that is only small talk; null for anything else. A goodbye is answered
 * as one, then thanks, then "ok" or "no thanks" (the visitor is settled), then a greeting.
 */
export function smallTalkReply(text: string): string | null {
  const kinds = phrasesOf(text, PHRASES);
  if (!kinds) return null;
  const order: SmallTalkKind[] = ['goodbye', 'thanks', 'settled', 'greeting'];
  const kind = order.find((k) => kinds.includes(k)) ?? 'greeting';
  return SMALL_TALK_REPLIES[kind];
}

/** Words that may stand around contact details without asking anything ("my email is …, call me on …"). */
const CONTACT_FILLER = new Set(
  (
    'my me i im you your is are its it this here at on to or and the a an of can could reach contact call ' +
    'text write email e mail mail address phone number mobile cell tel telephone whatsapp name company work ' +
    'for from with please thanks thank back via by'
  ).split(' '),
);

/** A message of contact details alone ("my email is ann@example.com"): nothing is asked. */
export function isOnlyContactDetails(text: string): boolean {
  const details = findContactDetails(text);
  const given = [details.email, details.phone, details.name, details.company].filter(
    (value): value is string => value !== undefined,
  );
  if (!details.email && !details.phone) return false;
  let rest = text;
  for (const value of given) rest = rest.split(value).join(' ');
  // A phone number is found in the text in whatever spacing the visitor used; drop every run of digits.
  rest = rest.replace(/[+(]?\d[\d\s().-]*\d/g, ' ');
  return normalise(rest)
    .split(' ')
    .filter(Boolean)
    .every((word) => CONTACT_FILLER.has(word));
}

export const CONTACT_NOTED =
  'Thank you, I have noted your contact details. Is there anything else I can help with?';

/** The chatbot's own reply to small talk or contact details alone; null for a message to answer from knowledge. */
export function ownReply(text: string): string | null {
  return smallTalkReply(text) ?? (isOnlyContactDetails(text) ? CONTACT_NOTED : null);
}

/** A yes, and the words that may come with one ("ok", "thanks", "oh") without being one. */
const YES_PHRASES = longestFirst<boolean>([
  ...[
    'yes',
    'yeah',
    'yea',
    'yep',
    'yup',
    'sure',
    'please',
    'absolutely',
    'definitely',
    'of course',
    'go ahead',
    'please do',
    'that would be great',
    'that would help',
    'i would',
    'i would like that',
    'id like that',
    'i would like to',
    'id like to',
  ].map((p) => [p, true] as const),
  ...['ok', 'okay', 'oh', 'ah', 'thanks', 'thank you'].map((p) => [p, false] as const),
]);

/** "Yes please", "yeah sure", "go ahead": a yes to a question the chatbot asked, alone. "Ok" is not a yes. */
export function isYes(text: string): boolean {
  return phrasesOf(text, YES_PHRASES)?.includes(true) ?? false;
}

/** Whether the chatbot's message ended by offering a person from the team (its own fixed wording). */
export const offersAPerson = (chatbotText: string | null): boolean =>
  chatbotText !== null && chatbotText.trimEnd().endsWith(OFFER_OF_A_PERSON);
