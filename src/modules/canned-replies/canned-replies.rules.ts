// The rules of a canned reply: its limits, and what a name may hold (it follows a `/` in the reply box, so
// it is one word: letters, digits, `-` and `_`).
import { validationError } from '../../errors.js';
import { MESSAGE_MAX_LENGTH } from '../conversations/index.js';

export const CANNED_REPLY_LIMITS = {
  /** Characters of a name. */
  name: 40,
  /** Characters of a reply: what a reply to a visitor may hold. */
  text: MESSAGE_MAX_LENGTH,
  /** Replies per account: the picker reads them all. */
  perAccount: 500,
} as const;

export const NAME_PATTERN = '^[A-Za-z0-9_-]+$';

/** The name's key: unique per account, so `Refund` and `refund` are one name. Names are ASCII. */
export const nameKey = (name: string): string => name.toLowerCase();

/** The text as it will be inserted: verbatim, but never blank. */
export function checkedText(text: string): string {
  if (!text.trim()) throw validationError('body.text', 'must not be blank');
  return text;
}
