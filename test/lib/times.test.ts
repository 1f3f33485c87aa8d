// The words a text's times and days imply: what a timetable says without saying "morning" or "weekend".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  IMPLIED_WORDS,
  asksEveryWeekday,
  namesOneDatedDay,
  clockTimes,
  holidayWordsIn,
  minutesIn,
  timeWordsIn,
} from '../../src/lib/text/times.js';

describe('text toolkit: the parts of the day and week a text implies', () => {
  it('reads clock times with a colon or am/pm as parts of the day', () => {
    assert.deepEqual(timeWordsIn('starts at 9:30').sort(), ['morning', 'mornings']);
    assert.deepEqual(timeWordsIn('starts at 4:59').sort(), ['night', 'nights']);
    assert.deepEqual(timeWordsIn('from 12:15').sort(), ['afternoon', 'afternoons', 'lunch', 'lunchtime']);
    assert.deepEqual(timeWordsIn('at 7 pm').sort(), ['evening', 'evenings']);
    assert.deepEqual(timeWordsIn('until 22:00').sort(), ['night', 'nights']);
    assert.deepEqual(timeWordsIn('12 am').sort(), ['night', 'nights']);
  });

  it('does not take a price or a version for a time', () => {
    assert.deepEqual(timeWordsIn('costs 12.50 a month'), []);
    assert.deepEqual(timeWordsIn('version 4.2, 3 users'), []);
  });

  it('reads day names as weekdays or the weekend', () => {
    assert.deepEqual(timeWordsIn('Monday to Friday').sort(), ['weekday', 'weekdays']);
    assert.deepEqual(timeWordsIn('on Sundays').sort(), ['weekend', 'weekends']);
    assert.deepEqual(timeWordsIn('no class given'), []);
  });

  it("names the holidays a text's dates are, in lists and ranges too", () => {
    assert.deepEqual(holidayWordsIn('closed on 25 and 26 December').sort(), [
      'boxing',
      'christmas',
      'day',
      'xmas',
    ]);
    assert.ok(holidayWordsIn('From 27 to 31 December: one class a day').includes('eve'));
    assert.ok(holidayWordsIn('December 24th').includes('christmas'));
    assert.ok(holidayWordsIn('closed 31/12/2026').includes('year'));
    assert.ok(holidayWordsIn('closed 1.1.').includes('new'));
    assert.deepEqual(holidayWordsIn('version 1.1, €24.12, 12.50'), []);
    assert.deepEqual(holidayWordsIn('open on 3 March'), []);
  });

  it('lists every word it may imply, so that a question without one reads none', () => {
    const texts = [
      '9:30',
      '12:15',
      '19:00',
      '23:00',
      '3 am',
      'Monday',
      'Sunday',
      '24, 25, 26 and 31 December',
      '1 January',
    ];
    for (const word of texts.flatMap((text) => [...timeWordsIn(text), ...holidayWordsIn(text)]))
      assert.ok(IMPLIED_WORDS.has(word), word);
  });

  it('reads clock times and lengths of time in minutes', () => {
    assert.deepEqual(clockTimes('from 09:30 to 6:15 pm'), [570, 1095]);
    assert.deepEqual(clockTimes('€12.50'), []);
    assert.deepEqual(clockTimes('9.30', { dotted: true }), [570]);
    assert.equal(minutesIn('2 hours'), 120);
    assert.equal(minutesIn('90 minutes'), 90);
    assert.equal(minutesIn('1,5 h'), 90);
    assert.equal(minutesIn('71 km'), null);
  });

  it('tells a question about every such weekday from one about a date, and a part about one dated weekday', () => {
    assert.equal(asksEveryWeekday('what time do you close on wednesday?'), true);
    assert.equal(asksEveryWeekday('May I come on Sunday?'), true);
    assert.equal(asksEveryWeekday('what time do you close on wednesday 9 december?'), false);
    assert.equal(asksEveryWeekday('are you open on sunday 3 may?'), false);
    assert.equal(asksEveryWeekday('are you open at christmas?'), false);
    assert.equal(namesOneDatedDay('On Wednesday 9 December 2026 the practice closes at 13:00.'), true);
    assert.equal(namesOneDatedDay('Extra opening on Monday, 28 Dec: 10:00 – 16:30.'), true);
    assert.equal(namesOneDatedDay('We close at 18:00 on Wednesdays.'), false);
  });
});
