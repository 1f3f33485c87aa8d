// Weights: a visitor names one ("to spay a 30kg dog", "my dog weighs 12 kilos"), the knowledge states
// ranges ("Dog under 20 kg", "Medium (10–25 kg)", "over 40 kg"). A weight is read as a number of kilograms
// and compared with the ranges, not looked for as words: the knowledge never writes "30 kg" for that dog.

/** A range of weights in kilograms, both ends included (to: Infinity when it has no end). */
export interface WeightRange {
  from: number;
  to: number;
}

const KILOGRAMS = String.raw`(?:kg|kgs|kilos?|kilograms?)\b`;
/** "30kg", "12 kilos", "weighs 8 kg". */
const WEIGHT_NAMED = new RegExp(String.raw`(?<![\p{N}.,])(\d{1,3}(?:[.,]\d)?)\s?${KILOGRAMS}`, 'iu');

/** The weight a question names, in kilograms, or null when it names none. */
export function weightIn(question: string): number | null {
  const match = WEIGHT_NAMED.exec(question);
  return match ? Number(match[1]!.replace(',', '.')) : null;
}

/** The words a question names a weight in ("30", "kg"): read as a weight (weightIn), not looked for. */
export function weightWords(question: string): Set<string> {
  const match = WEIGHT_NAMED.exec(question);
  return new Set(match ? (match[0].toLowerCase().match(/[\p{L}\p{N}.,]+/gu) ?? []) : []);
}

/** "under 20 kg", "up to 10 kg", "over 40 kg", "more than 25 kg", "10–25 kg", "20 - 40 kg". */
const RANGE = new RegExp(
  String.raw`(?<![\p{N}.,])(?:(under|below|less\s+than|up\s+to|over|above|more\s+than|from)\s+(\d{1,3}(?:[.,]\d)?)|(\d{1,3}(?:[.,]\d)?)\s*(?:–|-|to)\s*(\d{1,3}(?:[.,]\d)?))\s?${KILOGRAMS}`,
  'giu',
);
/** How far past a bound "under 20 kg" stops and "over 20 kg" starts. */
const JUST = 1e-6;

/** The ranges of weights a text states in kilograms. */
export function weightRangesIn(text: string): WeightRange[] {
  const ranges: WeightRange[] = [];
  for (const match of text.matchAll(RANGE)) {
    const [, bound, bounded, from, to] = match;
    const number = (value: string) => Number(value.replace(',', '.'));
    if (from !== undefined && to !== undefined) {
      ranges.push({ from: number(from), to: number(to) });
      continue;
    }
    const value = number(bounded!);
    const word = bound!.toLowerCase().replace(/\s+/gu, ' ');
    if (word === 'under' || word === 'below' || word === 'less than')
      ranges.push({ from: 0, to: value - JUST });
    else if (word === 'up to') ranges.push({ from: 0, to: value });
    else if (word === 'from') ranges.push({ from: value, to: Infinity });
    else ranges.push({ from: value + JUST, to: Infinity });
  }
  return ranges;
}
