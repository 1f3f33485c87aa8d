// Amounts a visitor names and the knowledge states as ranges: an age ("my 4 year old" against "children
// under 6") and a weight ("a 30kg dog" against "Dog 20 – 40 kg"). Each is read as a number and compared
// with the ranges, not looked for as words.
import { ageIn, ageRangesIn, ageWords } from './ages.js';
import { weightIn, weightRangesIn, weightWords } from './weights.js';

/** A range of an amount, both ends included (to: Infinity when it has no end). */
export interface AmountRange {
  from: number;
  to: number;
}

/** How one kind of amount is named in a question and stated in a text. */
interface AmountKind {
  named(question: string): number | null;
  /** The words the question names it in. */
  words(question: string): Set<string>;
  rangesIn(text: string): AmountRange[];
}

const KINDS: readonly AmountKind[] = [
  { named: ageIn, words: ageWords, rangesIn: ageRangesIn },
  { named: weightIn, words: weightWords, rangesIn: weightRangesIn },
];

/** An amount a question names, with the words it is named in and how the knowledge states its ranges. */
export interface NamedAmount {
  value: number;
  words: Set<string>;
  rangesIn(text: string): AmountRange[];
}

/** The amounts a question names (an age, a weight). */
export const amountsIn = (question: string): NamedAmount[] =>
  KINDS.flatMap((kind) => {
    const value = kind.named(question);
    return value === null ? [] : [{ value, words: kind.words(question), rangesIn: kind.rangesIn }];
  });

/** Whether an amount is in a range. */
export const inRange = (range: AmountRange, value: number): boolean =>
  value >= range.from && value <= range.to;

/**
 * Whether a text fits the amount: true when it states a range holding it, false when it states ranges of
 * that kind and none holds it, null when it states none.
 */
export function fitsAmount(amount: NamedAmount, text: string): boolean | null {
  const ranges = amount.rangesIn(text);
  return ranges.length === 0 ? null : ranges.some((range) => inRange(range, amount.value));
}
