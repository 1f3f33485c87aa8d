// Words a text implies by the times and days it states: "9:30" is in the morning, "19:00" in the evening,
// "Saturday" is at the weekend. A visitor asks for "a class on Friday morning"; a timetable says "Friday;
// 09:30". Only a clock time with a colon (or am/pm) is read: "12.50" is a price as often as a time.

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

const WEEKDAYS = /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri)(?:day)?s?\b/iu;
const WEEKEND_DAYS = /\b(?:sat|sun)(?:urday|day)?s?\b/iu;

/** Minutes after midnight of each clock time a text states. */
function clockTimes(text: string): number[] {
  const times: number[] = [];
  for (const match of text.matchAll(CLOCK)) {
    const meridiem = (match[3] ?? match[5] ?? '').toLowerCase();
    let hours = Number(match[1] ?? match[4]);
    const minutes = Number(match[2] ?? 0);
    if (meridiem.startsWith('p') && hours < 12) hours += 12;
    if (meridiem.startsWith('a') && hours === 12) hours = 0;
    times.push(hours * 60 + minutes);
  }
  return times;
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
