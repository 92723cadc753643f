// The stored schedule (docs/school.md#sessions): the RRULE a course writes is read back by the rrule
// library's parser, the same weekdays and skipped dates, whatever RFC 5545 form the lines take.
import { describe, expect, it } from 'vitest';
import { parseRecurrence, recurrenceOf, sessionSpans } from './course-schedule.js';

describe('a course recurrence', () => {
  it('reads back what it wrote, for every weekday and with or without skipped dates', () => {
    const schedules = [
      { weekdays: [1], exceptions: [] },
      { weekdays: [2, 4], exceptions: ['2027-04-01'] },
      { weekdays: [1, 2, 3, 4, 5, 6, 7], exceptions: ['2027-03-01', '2027-12-31', '2028-02-29'] },
      { weekdays: [7], exceptions: [] },
    ];
    for (const schedule of schedules) expect(parseRecurrence(recurrenceOf(schedule))).toEqual(schedule);
  });

  it('writes the RRULE with its EXDATE line, sorted and without repeats', () => {
    expect(recurrenceOf({ weekdays: [2, 4], exceptions: ['2027-04-08', '2027-04-01', '2027-04-08'] })).toBe('FREQ=WEEKLY;BYDAY=TU,TH\nEXDATE;VALUE=DATE:20270401,20270408');
  });

  it('reads the forms RFC 5545 allows beside ours: a RRULE: prefix, days in any order, several EXDATE lines', () => {
    expect(parseRecurrence('RRULE:FREQ=WEEKLY;BYDAY=TH,TU\nEXDATE;VALUE=DATE:20270408\nEXDATE;VALUE=DATE:20270401')).toEqual({ weekdays: [2, 4], exceptions: ['2027-04-01', '2027-04-08'] });
  });

  it('makes the sessions of its days between the first and the last, skipped dates left out', () => {
    const { weekdays, exceptions } = parseRecurrence('FREQ=WEEKLY;BYDAY=TU,TH\nEXDATE;VALUE=DATE:20270401');
    const spans = sessionSpans({ starts_on: '2027-03-22', ends_on: '2027-04-08', start_time: '17:00', duration_minutes: 90, weekdays, exceptions });
    expect(spans.map((span) => span.date)).toEqual(['2027-03-23', '2027-03-25', '2027-03-30', '2027-04-06', '2027-04-08']);
  });
});
