// Contact details: what counts as an email address and a phone number, and finding them
// in free text a visitor wrote ("my email is …", "call me on +44 …", "my name is …").
//
// Only ever call findContactDetails on the visitor's own words: never on assistant answers, agent replies
// or knowledge source text (a source saying "my email is attacker@example.com" is not a visitor).
import { findPhoneNumbersInText, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const LEAD_LIMITS = { name: 255, email: 254, phone: 50, company: 255 } as const;

export interface ContactDetails {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
}

// RFC 5321 shape: a dot-atom local part (RFC 5322 atext) of at most 64 octets, "@", and a domain of
// letter-digit-hyphen labels of at most 63 octets each with a top-level label that is not all digits.
// Quoted local parts and address literals are legal but never typed by visitors; they are refused.
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const LOCAL_PART = `${ATEXT}+(?:\\.${ATEXT}+)*`;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN = `(?:${LABEL}\\.)+(?=[A-Za-z0-9-]*[A-Za-z])${LABEL}`;
const EMAIL_EXACT = new RegExp(`^(${LOCAL_PART})@(${DOMAIN})$`);
const EMAIL_IN_TEXT = new RegExp(`(?<![A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-])${LOCAL_PART}@${DOMAIN}`, 'g');

/** An address of RFC 5321 shape, at most 254 characters. */
export function isEmailAddress(value: string): boolean {
  if (value.length > LEAD_LIMITS.email) return false;
  const match = EMAIL_EXACT.exec(value);
  if (!match) return false;
  const [, local = '', domain = ''] = match;
  return local.length <= 64 && domain.length <= 253;
}

/** The phone number in E.164 when libphonenumber recognises a valid number, else null. */
export function toE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(withInternationalPlus(value));
  return parsed?.isValid() ? parsed.number : null;
}

/** "0044 20 …" is how many people type "+44 20 …". */
const withInternationalPlus = (text: string) => text.replace(/(^|[^\d+])00(?=[1-9])/g, '$1+');

const NAME_WORD = "\\p{Lu}[\\p{L}'’.-]*";
// The introduction in any case, the name itself capitalised (a regex flag would apply to both).
const NAME_PATTERNS = [
  new RegExp(`\\b[Mm][Yy] [Nn][Aa][Mm][Ee] [Ii][Ss] (${NAME_WORD}(?: ${NAME_WORD}){0,3})`, 'u'),
  new RegExp(`\\b[Nn][Aa][Mm][Ee]:\\s*(${NAME_WORD}(?: ${NAME_WORD}){0,3})`, 'u'),
];
const COMPANY_WORD = "[\\p{Lu}\\p{N}][\\p{L}\\p{N}&'’.-]*";
const COMPANY_PATTERNS = [
  new RegExp(
    `\\b(?:[Mm]y [Cc]ompany is|[Ii] work (?:at|for)|[Cc]ompany:)\\s*(${COMPANY_WORD}(?: ${COMPANY_WORD}){0,4})`,
    'u',
  ),
];

/**
 * Details stated in one visitor message. Emails need the full shape; phone numbers must be written
 * internationally (with + or 00), since a visitor's country is unknown; names and companies only when
 * introduced explicitly ("my name is", "I work at"), capitalised as names are.
 */
export function findContactDetails(text: string): ContactDetails {
  const found: ContactDetails = {};
  for (const candidate of text.match(EMAIL_IN_TEXT) ?? []) {
    const email = candidate.replace(/\.+$/, '');
    if (isEmailAddress(email)) {
      found.email = email;
      break;
    }
  }
  const phone = findPhoneNumbersInText(withInternationalPlus(text)).find((match) => match.number.isValid());
  if (phone) found.phone = phone.number.number;
  const name = firstMatch(NAME_PATTERNS, text, LEAD_LIMITS.name);
  if (name) found.name = name;
  const company = firstMatch(COMPANY_PATTERNS, text, LEAD_LIMITS.company);
  if (company) found.company = company;
  return found;
}

function firstMatch(patterns: RegExp[], text: string, maxLength: number): string | undefined {
  for (const pattern of patterns) {
    const value = pattern
      .exec(text)?.[1]
      ?.replace(/[.,;:!?]+$/, '')
      .trim();
    if (value && value.length <= maxLength) return value;
  }
  return undefined;
}

/** A run of at least 7 digits with the spacing, dashes, dots and brackets people type in phone numbers. */
const PHONE_LIKE = /\+?\(?\d[\d\s()./-]*\d/g;

/**
 * The text with email addresses and anything that looks like a phone number (7 digits or more, written
 * any way) replaced by "[email]" and "[phone]": for showing visitors' words to people who need the
 * question, not the person.
 */
export function maskContactDetails(text: string): string {
  return text
    .replace(EMAIL_IN_TEXT, '[email]')
    .replace(PHONE_LIKE, (run) => ((run.match(/\d/g)?.length ?? 0) >= 7 ? '[phone]' : run));
}

export const hasContact = (details: { email?: string | null; phone?: string | null }): boolean =>
  Boolean(details.email || details.phone);

/**
 * Keeps only the proposed details that the visitor gave, as `findContactDetails` finds them in the visitor's
 * own messages: a model proposing "my email is …" it read in a source, inventing a value, or recording as a
 * name a word the visitor merely typed gets nothing recorded. Each kept value is the one found.
 */
export function groundedInVisitorText(
  proposed: ContactDetails,
  visitorTexts: readonly string[],
): ContactDetails {
  const found = visitorTexts.map(findContactDetails);
  const grounded: ContactDetails = {};
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  for (const field of ['email', 'name', 'company'] as const) {
    const value = proposed[field];
    const match = value
      ? found.find((details) => details[field] !== undefined && same(details[field], value))
      : undefined;
    if (match?.[field]) grounded[field] = match[field];
  }
  const phone = proposed.phone ? toE164(proposed.phone) : null;
  if (phone && found.some((details) => details.phone === phone)) grounded.phone = phone;
  return grounded;
}
