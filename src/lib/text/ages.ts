// Ages: a visitor names one ("how much for my 4 year old?", "twins aged 3"), the knowledge states ranges
// ("Children under 6 go free", "Child (6–17 years): €6", a fee table's "2 to 3 years" column). An age is
// read as a number of years and compared with the ranges, not looked for as words: the knowledge never
// writes "4 year old".

/** A range of ages in whole years, both ends included (to: Infinity when it has no end). */
export interface AgeRange {
  from: number;
  to: number;
}

/** "4 year old", "15-year-old", "2 yr old", "aged 3", "my son is 15" (not "is 8 months", "is 15 minutes late"). */
const AGE_NAMED =
  /\b(\d{1,2})[\s-]*(?:years?|yrs?|yr)[\s-]*olds?\b|\baged\s+(\d{1,2})\b(?!\s*(?:months?|weeks?|days?))|\b(?:son|daughter|child|kid|boy|girl|baby|toddler|grandson|granddaughter)\s+is\s+(\d{1,2})\b(?![.,]\d)(?!\s*(?:months?|weeks?|days?|hours?|minutes?|mins?|cm|kg|m\b|%))/iu;

/** The age a question names, in years, or null when it names none. */
export function ageIn(question: string): number | null {
  const match = AGE_NAMED.exec(question);
  if (!match) return null;
  return Number(match[1] ?? match[2] ?? match[3]);
}

/** The words a question names an age in ("4", "year", "old"): read as an age (ageIn), not looked for. */
export function ageWords(question: string): Set<string> {
  const match = AGE_NAMED.exec(question);
  if (!match) return new Set();
  return new Set(
    (match[0].toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !PERSONS.has(word)),
  );
}
const PERSONS = new Set('son daughter child kid boy girl baby toddler grandson granddaughter is'.split(' '));

/** A range as it is written: "6–17", "2 to 3", "under 6", "under-2s", "over 65", "65+", "from 14". */
const RANGE =
  /(?<![\p{N}:.,€$£])\b(?:(under|below|younger\s+than|over|older\s+than|from)[\s-]+(\d{1,2})s?|(\d{1,2})\s*(?:–|-|to)\s*(\d{1,2})|(\d{1,2})\s*\+)(?![.,:]?\d)(?!\s*(?:€|%|euros?\b|eur\b|kg\b|g\b|km\b|cm\b|m\b|mm\b|minutes?\b|mins?\b|hours?\b|days?\b|weeks?\b|months?\b|nights?\b|people\b|persons?\b|guests?\b|dogs?\b|a\.?m\.?|p\.?m\.?))/giu;
/** Years after a range: "6–17 years", "2 to 3 yrs", "3-5 year olds". */
const YEARS_AFTER = /^\s*(?:years?|yrs?|y)\b|^\s*[-\s]?year[-\s]?olds?\b/iu;
/** Words before a range that say it is of ages: "children under 6", "aged 6 to 17", "ages 4–12". */
const AGE_BEFORE =
  /\b(?:aged?|ages|children|child|kids?|babies|baby|toddlers?|teens?|teenagers?|pupils|juniors?|adults?|seniors?|people|anyone|guests)\s*(?:\(\s*)?$/iu;

/**
 * The ranges of ages a text states: those written with years ("6–17 years"), after a word for people of an
 * age ("children under 6", "aged 6 to 17"), a plural of the bound ("under-2s", "over-65s"), or a label that
 * is the range alone (a fee table's column "Under 2"). Not a range of anything else ("under 50 euros",
 * "2–3 days").
 */
export function ageRangesIn(text: string): AgeRange[] {
  const ranges: AgeRange[] = [];
  for (const match of text.matchAll(RANGE)) {
    const at = match.index;
    const before = text.slice(Math.max(0, at - 30), at);
    const after = text.slice(at + match[0].length);
    const alone = isLabelAlone(text, at, match[0].length);
    const plural = /s$/iu.test(match[0]) && match[1] !== undefined;
    if (!(YEARS_AFTER.test(after) || AGE_BEFORE.test(before) || plural || alone)) continue;
    const range = rangeOf(match);
    // "Over-65s" are the 65-year-olds and older.
    ranges.push(plural && /^(?:over|older)/iu.test(match[1]!) ? { ...range, from: range.from - 1 } : range);
  }
  return ranges;
}

/** Whether the range is all of a cell's label ("Under 2: €64", "2 to 3 years: €57"). */
function isLabelAlone(text: string, at: number, length: number): boolean {
  // A label is short: look no further than a few characters either side (linear on long texts).
  const before = text.slice(Math.max(0, at - LABEL_SLACK), at);
  const after = text.slice(at + length, at + length + LABEL_SLACK);
  const end = after.indexOf(':');
  if (end === -1) return false;
  const start = Math.max(before.lastIndexOf(';'), before.lastIndexOf('\n'));
  if (start === -1 && at > LABEL_SLACK) return false;
  return /^\s*(?:years?|yrs?)?\s*$/iu.test(`${before.slice(start + 1)}${after.slice(0, end)}`);
}
const LABEL_SLACK = 12;

function rangeOf(match: RegExpMatchArray): AgeRange {
  const [, bound, bounded, from, to, orMore] = match;
  if (from !== undefined && to !== undefined) return { from: Number(from), to: Number(to) };
  if (orMore !== undefined) return { from: Number(orMore), to: Infinity };
  const age = Number(bounded);
  const word = bound!.toLowerCase().replace(/\s+/gu, ' ');
  if (word === 'under' || word === 'below' || word === 'younger than') return { from: 0, to: age - 1 };
  if (word === 'from') return { from: age, to: Infinity };
  return { from: age + 1, to: Infinity };
}
