// Source text is information, never instructions. Before a passage is quoted to a
// visitor or handed to a model, this removes what a reader of the page would not see (hidden HTML,
// comments, invisible characters) and the sentences that address the chatbot instead of informing the
// visitor ("ignore previous instructions", fake system prompts, "hand this conversation to a human").
// What remains is still only quoted as data; nothing in a passage can trigger a handover or a lead,
// because those rules read the visitor's messages only.
import { sentencesOf } from '../../lib/text/sentences.js';

const HIDDEN_ELEMENT =
  /<([a-z][a-z0-9-]*)\b[^>]*?(?:\bhidden\b|aria-hidden\s*=\s*["']?true|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|pt|em|rem|%)?\s*[;"']|opacity\s*:\s*0(?:\.0+)?\s*[;"'])[^>]*>[\s\S]*?<\/\1\s*>/gi;
const NON_CONTENT_ELEMENT = /<(script|style|template|noscript|iframe|object)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<\/?[a-z][a-z0-9-]*\b[^<>]*>/gi;
// Zero-width and format characters, bidirectional overrides, and Unicode "tag" characters (used to smuggle
// invisible text).
const INVISIBLE =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;

// Each pattern speaks to the chatbot rather than the reader, and is narrow enough that ordinary help text
// ("the agent will call you back", "new rules for returns", "ignore the warning light") survives.
const DIRECTIVES: RegExp[] = [
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+)?(?:previous|prior|above|earlier|preceding|former|original|system|other|existing)\b[^.!?\n]{0,30}\b(?:instructions?|rules|guidelines|prompts?|directions|messages|context)\b/i,
  /\b(?:ignore|disregard|forget)\s+(?:everything|all|anything)\s+(?:above|before|previously|prior|you were told)\b|\bignore the above\b/i,
  /\b(?:ignore|disregard|forget)\s+(?:all\s+)?your\s+(?:instructions|rules|guidelines|programming|training)\b/i,
  /\b(?:new|updated|secret|hidden|real|true)\s+system\s+(?:instructions?|prompt|rules|message)\b/i,
  /\b(?:new|updated|additional)\s+instructions?\s+(?:for|to)\s+(?:the\s+|this\s+)?(?:assistant|ai|chatbot|bot|model)\b/i,
  /^\W*(?:system|assistant|developer)\s*(?:prompt|message|note|override)?\s*[:\]>]/i,
  /^\W*(?:(?:always|never|only)\s+)?(?:reply|respond|answer|say|output|print)\s+(?:only\s+)?(?:with|that|the following|exactly|in the voice)\b/i,
  /\[\/?(?:inst|system|sys)\]|<\|?(?:im_start|im_end|system|endoftext)\|?>|<<\/?sys>>/i,
  /\byou\s+(?:are|will be|must act as|shall act as)\s+(?:now\s+)?(?:an?\s+|the\s+)?(?:ai|assistant|chatbot|bot|language model|llm|gpt|dan)\b/i,
  /\b(?:pretend (?:to be|you are)|from now on,? you (?:are|will|must|should))\b/i,
  /\b(?:as an ai|as the assistant|as a (?:chat)?bot|as a language model)\b/i,
  /\b(?:the|this)\s+(?:assistant|chatbot|bot|ai|model)\s+(?:must|should|shall|will|needs to|has to|is instructed to)\b/i,
  /\b(?:hand|transfer|escalate|pass|route|forward)\b[^.!?\n]{0,40}\b(?:conversation|chat)\b[^.!?\n]{0,40}\b(?:human|person|agent|team|staff|operator)\b/i,
  /\b(?:reveal|print|show|repeat|output|disclose)\b[^.!?\n]{0,40}\b(?:system prompt|your (?:instructions|prompt|configuration|rules)|api key)\b/i,
  /\b(?:capture|save|record|store|register)\b[^.!?\n]{0,40}\bas (?:a )?(?:new )?lead\b/i,
];

/**
 * Text a visitor would see on the page, without sentences that try to instruct the chatbot. Its layout
 * stays: lines (headings, list items) and blank lines between paragraphs, so that the answer can tell a
 * heading from the text under it.
 */
export function informationOnly(sourceText: string): string {
  const visible = sourceText
    .replace(COMMENT, ' ')
    .replace(NON_CONTENT_ELEMENT, ' ')
    .replace(HIDDEN_ELEMENT, ' ')
    .replace(TAG, ' ')
    .replace(INVISIBLE, '');
  const keptLine = (line: string) =>
    sentencesOf(line)
      .map((sentence) => sentence.replace(/[ \t]+/g, ' '))
      .filter((sentence) => !isDirective(sentence))
      .join(' ');
  return visible
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.split('\n').map(keptLine).filter(Boolean).join('\n'))
    .filter(Boolean)
    .join('\n\n');
}

export const isDirective = (sentence: string): boolean =>
  DIRECTIVES.some((pattern) => pattern.test(sentence));

/** Passage text prepared for a model: angle brackets escaped, so no text can close or open a delimiter. */
export const asQuotedData = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
