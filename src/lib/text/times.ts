// Words a text implies by the times and days it states: "9:30" is in the morning, "19:00" in the evening,
// "Saturday" is at the weekend, "25 December" is Christmas Day. A visitor asks for "a class on Friday
// morning"; a timetable says "Friday; 09:30". Only a clock time with a colon (or am/pm) is read: "12.50"
// is a price as often as a time.

const CLOCK =
  /\b([01]?\d|2[0-3]):([0-5]\d)\s*(a\.?m\.?|p\.?m\.?)?(?![\p{L}\p{N}])|\b(1[0-2]|0?[1-9])\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}\p{N}])/giu;

/** The parts of the day by the hour they start, in 24-hour time; each names the hours up to the next. */
const PARTS_OF_DAY: ReadonlyArray<readonly [number, readonly string[]]> = [
  [0, ['night', 'nights']],
  [5, ['morning', 'mornings']],
  [12, ['afternoon', 'afternoons']],
  [17, ['evening', 'evenings']],
  [22, ['night', 'nights']],
];
/** Lunchtime: from 11:30 to 14:00. */
const LUNCH_FROM = 11 * 60 + 30;
const LUNCH_UNTIL = 14 * 60;

const WEEKDAYS = /\b(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri)(?:day)?s?\b/iu;
const WEEKEND_DAYS = /\b(?:sat|sun)(?:urday|day)?s?\b/iu;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
/** At most this many more days listed before their month ("24, 25 and 26 December"): a bound keeps a long run of numbers linear to read. */
const DAYS_LISTED_MAX = 8;
/** "24 December", "25 and 26 December", "27 to 30 December", "December 31", "31/12", "24.12." */
const DAYS_MONTH = new RegExp(
  `\\b${DAY}((?:\\s{0,3}(?:,|and|&|to|until|till|[–-])\\s{0,3}\\d{1,2}(?:st|nd|rd|th)?){0,${DAYS_LISTED_MAX}})\\s{1,3}(?:of\\s+)?${MONTH}(?![\\p{L}])`,
  'giu',
);
const MONTH_DAY = new RegExp(`\\b${MONTH}\\s+${DAY}(?![\\p{N}])`, 'giu');
/** "24.12." or "31/12/2026": a day and a month with a year or a closing dot, so that "4.2" or "12.50" is no date. */
const NUMERIC = /\b(\d{1,2})[./](\d{1,2})(?:[./](?:\d{4}|\d{2})(?!\d)|\.(?!\d))/gu;

/** Holidays a date is, in the words a visitor names them with. */
const HOLIDAYS: Readonly<Record<string, readonly string[]>> = {
  '12-24': ['christmas', 'xmas', 'eve'],
  '12-25': ['christmas', 'xmas', 'day'],
  '12-26': ['boxing', 'christmas', 'xmas', 'day'],
  '12-31': ['new', 'year', 'years', "year's", 'eve'],
  '1-1': ['new', 'year', 'years', "year's", 'day'],
};

const monthNumber = (name: string): number =>
  MONTHS.findIndex((month) => month.startsWith(name.toLowerCase().replace(/\.$/u, '').slice(0, 3))) + 1;

/** The (month, day) dates a text states, ranges ("27 to 30 December") with the days between. */
function datesIn(text: string): Array<[number, number]> {
  const dates: Array<[number, number]> = [];
  for (const match of text.matchAll(DAYS_MONTH)) {
    const month = monthNumber(match[3]!);
    const days = [match[1]!, ...(match[2]!.match(/\d{1,2}/gu) ?? [])].map(Number);
    const ranged = /\b(?:to|until|till)\b|[–-]/iu.test(match[2]!);
    const from = days[0]!;
    const to = days.at(-1)!;
    if (ranged && days.length === 2 && to > from && to - from <= 31)
      for (let day = from; day <= to; day++) dates.push([month, day]);
    else for (const day of days) dates.push([month, day]);
  }
  for (const match of text.matchAll(MONTH_DAY)) dates.push([monthNumber(match[1]!), Number(match[2])]);
  for (const match of text.matchAll(NUMERIC)) dates.push([Number(match[2]), Number(match[1])]);
  return dates.filter(([month, day]) => month >= 1 && month <= 12 && day >= 1 && day <= 31);
}

/** In a cell of a column of times, "9.30" is a time too. */
const CLOCK_OR_DOTTED = new RegExp(CLOCK.source.replace('):([0-5]\\d)', ')[:.]([0-5]\\d)'), CLOCK.flags);

/**
 * Minutes after midnight of each clock time a text states ("09:30" → 570, "6:15 pm" → 1095), in order.
 * `dotted`: "9.30" too, for a text known to hold times (a cell of a "start time" column).
 */
export function clockTimes(text: string, { dotted = false }: { dotted?: boolean } = {}): number[] {
  const times: number[] = [];
  for (const match of text.matchAll(dotted ? CLOCK_OR_DOTTED : CLOCK)) {
    const meridiem = (match[3] ?? match[5] ?? '').toLowerCase();
    let hours = Number(match[1] ?? match[4]);
    const minutes = Number(match[2] ?? 0);
    if (meridiem.startsWith('p') && hours < 12) hours += 12;
    if (meridiem.startsWith('a') && hours === 12) hours = 0;
    times.push(hours * 60 + minutes);
  }
  return times;
}

const MINUTES_PER: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:s|secs?|seconds?)$/iu, 1 / 60],
  [/^(?:m|mins?|minutes?)$/iu, 1],
  [/^(?:h|hrs?|hours?)$/iu, 60],
  [/^(?:d|days?|nights?)$/iu, 24 * 60],
  [/^(?:w|wks?|weeks?)$/iu, 7 * 24 * 60],
];

/** The first length of time a text states, in minutes ("90 minutes" → 90, "2 hours" → 120, "1.5 h" → 90). */
export function minutesIn(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)\s*(\p{L}+)/u.exec(text);
  if (!match) return null;
  const per = MINUTES_PER.find(([unit]) => unit.test(match[2]!))?.[1];
  return per === undefined ? null : Number.parseFloat(match[1]!.replace(',', '.')) * per;
}

/** The words for the parts of the day and week a text's times and days fall in ("morning", "weekend"). */
export function timeWordsIn(text: string): string[] {
  const words = new Set<string>();
  for (const minutes of clockTimes(text)) {
    const hour = Math.floor(minutes / 60);
    const part = [...PARTS_OF_DAY].reverse().find(([from]) => hour >= from);
    for (const word of part?.[1] ?? []) words.add(word);
    if (minutes >= LUNCH_FROM && minutes < LUNCH_UNTIL) words.add('lunchtime').add('lunch');
  }
  if (WEEKDAYS.test(text)) words.add('weekday').add('weekdays');
  if (WEEKEND_DAYS.test(text)) words.add('weekend').add('weekends');
  return [...words];
}

/** The words for the holidays a text's dates are ("christmas" for "25 December", "new year's eve" for "31/12"). */
export function holidayWordsIn(text: string): string[] {
  const words = new Set<string>();
  for (const [month, day] of datesIn(text))
    for (const word of HOLIDAYS[`${month}-${day}`] ?? []) words.add(word);
  return [...words];
}

/** Every word timeWordsIn and holidayWordsIn may give: a question without one needs neither read. */
export const IMPLIED_WORDS: ReadonlySet<string> = new Set([
  ...PARTS_OF_DAY.flatMap(([, words]) => words),
  'lunch',
  'lunchtime',
  'weekday',
  'weekdays',
  'weekend',
  'weekends',
  ...Object.values(HOLIDAYS).flat(),
]);

const AMOUNT = String.raw`(\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty)`;
const SPAN_UNIT = String.raw`(?:working\s+|business\s+|calendar\s+|full\s+)?(minutes?|mins?|hours?|hrs?|h|days?|nights?|weeks?|months?)\b`;
const AMOUNT_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  twenty: 20,
  thirty: 30,
};
const UNIT_MINUTES: ReadonlyArray<readonly [RegExp, number]> = [
  ...MINUTES_PER,
  [/^months?$/iu, 30 * 24 * 60],
];
const minutesOf = (amount: string, unit: string): number => {
  const value = AMOUNT_WORDS[amount.toLowerCase()] ?? Number.parseFloat(amount.replace(',', '.'));
  return value * (UNIT_MINUTES.find(([pattern]) => pattern.test(unit))?.[1] ?? Number.NaN);
};

/** A day of the week, in a question about every such day ("do you close early on wednesdays?"). */
const WEEKDAY_NAMED = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/iu;
/**
 * A date or a month ("on 9 December", "in January", "28/12", "at Christmas"). "May I come on Sunday?"
 * names no month: "may" is one only beside a day's number.
 */
const DATE_NAMED = new RegExp(
  `\\b(?!may\\b)${MONTH}(?![\\p{L}])|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+may\\b|\\bmay\\s+\\d{1,2}\\b|\\b\\d{1,2}(?:st|nd|rd|th|[./]\\d{1,2})\\b|\\b(?:christmas|easter|new\\s+year)`,
  'iu',
);
/** A weekday with its date: "Wednesday 9 December", "Monday, 28 Dec". */
const ONE_DATED_DAY = new RegExp(
  `\\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+${DAY}\\s+(?:of\\s+)?${MONTH}(?![\\p{L}])`,
  'iu',
);

/** Whether a question asks about a day of the week in general: it names one, and no date or month. */
export const asksEveryWeekday = (question: string): boolean =>
  WEEKDAY_NAMED.test(question) && !DATE_NAMED.test(question);

/** Whether a text speaks of one dated weekday ("On Wednesday 9 December we close at 13:00"). */
export const namesOneDatedDay = (text: string): boolean => ONE_DATED_DAY.test(text);

/**
 * How much notice a question says it gives, in minutes: a length of time followed by "before", "in
 * advance", "ahead" or "notice" ("if I cancel 5 days before", "less than 48 hours in advance"); null when
 * it states none ("we booked 10 days" is no notice).
 */
export function noticeIn(question: string): number | null {
  const match = NOTICE_STATED.exec(question);
  if (!match) return null;
  const minutes = minutesOf(match[2]!, match[3]!);
  if (Number.isNaN(minutes)) return null;
  // "Less than 48 hours": just under; "more than 2 weeks": just over.
  const bound = match[1]?.trim().toLowerCase() ?? '';
  return /^(?:less|under|fewer|within)/u.test(bound)
    ? minutes - 1
    : /^(?:more|over|longer)/u.test(bound)
      ? minutes + 1
      : minutes;
}

/**
 * The words a question states its notice in ("5 days before", "3 weeks in advance"): read as a length of
 * time (noticeIn), not looked for as words; empty when it states none.
 */
export function noticeWords(question: string): Set<string> {
  const match = NOTICE_STATED.exec(question);
  return new Set(match ? (match[0].toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : []);
}

/**
 * After a length of time: it is notice given before something ("14 days before the move", "48 hours'
 * notice"; a visitor's slip of "before" too).
 */
const NOTICE_AFTER = String.raw`(?:['’]s?)?\s+(?:before|befor|b4|in\s+advance|ahead|prior|beforehand|notice)\b`;
const NOTICE_STATED = new RegExp(
  String.raw`(less\s+(?:than|then)\s+|under\s+|fewer\s+than\s+|within\s+|more\s+(?:than|then)\s+|over\s+|longer\s+than\s+)?\b${AMOUNT}\s*${SPAN_UNIT}${NOTICE_AFTER}`,
  'iu',
);
/** "7 to 14 days before", "between 2 and 6 days before". */
const SPAN_BETWEEN = new RegExp(
  String.raw`\b(?:between\s+)?${AMOUNT}\s*(?:to|-|–|and)\s*${AMOUNT}\s*${SPAN_UNIT}${NOTICE_AFTER}`,
  'giu',
);
/** "More than 14 days before", "at least 24 hours in advance", "up to 7 days before". */
const SPAN_BOUNDED = new RegExp(
  String.raw`\b(more\s+than|over|longer\s+than|at\s+least|less\s+than|under|fewer\s+than|shorter\s+than|within|up\s+to|until|till|no\s+later\s+than)\s+${AMOUNT}\s*${SPAN_UNIT}${NOTICE_AFTER}`,
  'giu',
);

/** A range of lengths of time, in minutes (to: Infinity when it has no end). */
export interface Span {
  from: number;
  to: number;
}

/**
 * The ranges of notice a text states, each a length of time before something: "7 to 14 days before" (7
 * days to 14), "more than 14 days before" (over 14 days), "less than 48 hours before" (under 48 hours), "up
 * to 7 days before arrival" and "at least 24 hours in advance" (7 days or more, 24 hours or more: notice
 * given early enough). "At least 3 nights" is no notice.
 */
export function spansIn(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(SPAN_BETWEEN)) {
    const [a, b] = [minutesOf(match[1]!, match[3]!), minutesOf(match[2]!, match[3]!)];
    // "2 to 6 days" runs up to the 7th day: "6 and a half days" is in it, as "7 to 14 days" starts there.
    const unit = minutesOf('1', match[3]!);
    if (!Number.isNaN(a) && !Number.isNaN(b))
      spans.push({ from: Math.min(a, b), to: Math.max(a, b) + unit - 1 });
  }
  for (const match of text.matchAll(SPAN_BOUNDED)) {
    const minutes = minutesOf(match[2]!, match[3]!);
    if (Number.isNaN(minutes)) continue;
    const bound = match[1]!.toLowerCase().replace(/\s+/gu, ' ');
    if (['more than', 'over', 'longer than'].includes(bound)) spans.push({ from: minutes + 1, to: Infinity });
    else if (['at least', 'up to', 'until', 'till', 'no later than'].includes(bound))
      spans.push({ from: minutes, to: Infinity });
    else if (['less than', 'under', 'fewer than', 'shorter than'].includes(bound))
      spans.push({ from: 0, to: minutes - 1 });
    else spans.push({ from: 0, to: minutes });
  }
  return spans;
}
