import { describe, expect, it } from 'vitest';

import {
  addDays,
  dateText,
  timeText,
  daysBetween,
  isLocalDate,
  isLocalTime,
  madridToday,
  madridToUtc,
  utcToMadrid,
  weekdayOf,
} from './time';

describe('madridToUtc', () => {
  it('uses CET (+01:00) in winter and CEST (+02:00) in summer', () => {
    expect(madridToUtc('2027-01-05', '15:15').toISOString()).toBe('2027-01-05T14:15:00.000Z');
    expect(madridToUtc('2027-05-03', '10:30').toISOString()).toBe('2027-05-03T08:30:00.000Z');
  });

  it('handles midnight and the last minute of the day', () => {
    expect(madridToUtc('2027-05-03', '00:00').toISOString()).toBe('2027-05-02T22:00:00.000Z');
    expect(madridToUtc('2027-12-31', '23:59').toISOString()).toBe('2027-12-31T22:59:00.000Z');
  });

  describe('autumn change, 2026-10-25 (03:00 CEST -> 02:00 CET)', () => {
    it('keeps summer time before the change and winter time after it', () => {
      expect(madridToUtc('2026-10-25', '01:59').toISOString()).toBe('2026-10-24T23:59:00.000Z');
      expect(madridToUtc('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
      expect(madridToUtc('2026-10-25', '10:30').toISOString()).toBe('2026-10-25T09:30:00.000Z');
    });

    it('picks the earlier instant for a time that happens twice', () => {
      expect(madridToUtc('2026-10-25', '02:00').toISOString()).toBe('2026-10-25T00:00:00.000Z');
      expect(madridToUtc('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
      expect(madridToUtc('2026-10-25', '02:59').toISOString()).toBe('2026-10-25T00:59:00.000Z');
    });

    it('gives the day 25 hours', () => {
      const start = madridToUtc('2026-10-25', '00:00').getTime();
      const end = madridToUtc('2026-10-26', '00:00').getTime();
      expect((end - start) / 3_600_000).toBe(25);
    });
  });

  describe('spring change, 2027-03-28 (02:00 CET -> 03:00 CEST)', () => {
    it('keeps winter time before the change and summer time after it', () => {
      expect(madridToUtc('2027-03-28', '01:59').toISOString()).toBe('2027-03-28T00:59:00.000Z');
      expect(madridToUtc('2027-03-28', '03:00').toISOString()).toBe('2027-03-28T01:00:00.000Z');
      expect(madridToUtc('2027-03-28', '10:30').toISOString()).toBe('2027-03-28T08:30:00.000Z');
    });

    it('moves a time in the gap forward by the gap', () => {
      expect(madridToUtc('2027-03-28', '02:00').toISOString()).toBe('2027-03-28T01:00:00.000Z');
      expect(madridToUtc('2027-03-28', '02:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
      expect(utcToMadrid(madridToUtc('2027-03-28', '02:30')).time).toBe('03:30');
      expect(utcToMadrid(madridToUtc('2027-03-28', '02:59')).time).toBe('03:59');
    });

    it('gives the day 23 hours', () => {
      const start = madridToUtc('2027-03-28', '00:00').getTime();
      const end = madridToUtc('2027-03-29', '00:00').getTime();
      expect((end - start) / 3_600_000).toBe(23);
    });
  });

  it('refuses malformed or impossible dates and times', () => {
    expect(() => madridToUtc('2027-02-29', '10:00')).toThrow(RangeError);
    expect(() => madridToUtc('2027-13-01', '10:00')).toThrow(RangeError);
    expect(() => madridToUtc('2027-5-3', '10:00')).toThrow(RangeError);
    expect(() => madridToUtc('2027-05-03', '24:00')).toThrow(RangeError);
    expect(() => madridToUtc('2027-05-03', '10:60')).toThrow(RangeError);
    expect(() => madridToUtc('2027-05-03', '9:30')).toThrow(RangeError);
    expect(() => madridToUtc('2027-05-03', '10:30:00')).toThrow(RangeError);
  });

  it('accepts 29 February in a leap year', () => {
    expect(madridToUtc('2028-02-29', '12:00').toISOString()).toBe('2028-02-29T11:00:00.000Z');
  });
});

describe('utcToMadrid', () => {
  it('reads an ordinary summer and winter instant', () => {
    expect(utcToMadrid(new Date('2027-05-03T08:30:00Z'))).toEqual({ date: '2027-05-03', time: '10:30', weekday: 1 });
    expect(utcToMadrid(new Date('2027-01-05T14:15:00Z'))).toEqual({ date: '2027-01-05', time: '15:15', weekday: 2 });
  });

  it('crosses midnight into the next Madrid day before UTC does', () => {
    expect(utcToMadrid(new Date('2027-05-02T22:30:00Z'))).toEqual({ date: '2027-05-03', time: '00:30', weekday: 1 });
    expect(utcToMadrid(new Date('2027-12-31T23:00:00Z'))).toEqual({ date: '2028-01-01', time: '00:00', weekday: 6 });
  });

  it('shows the repeated hour twice across the autumn change', () => {
    expect(utcToMadrid(new Date('2026-10-25T00:30:00Z')).time).toBe('02:30');
    expect(utcToMadrid(new Date('2026-10-25T01:30:00Z')).time).toBe('02:30');
    expect(utcToMadrid(new Date('2026-10-25T02:30:00Z')).time).toBe('03:30');
  });

  it('jumps from 01:59 to 03:00 across the spring change', () => {
    expect(utcToMadrid(new Date('2027-03-28T00:59:00Z')).time).toBe('01:59');
    expect(utcToMadrid(new Date('2027-03-28T01:00:00Z')).time).toBe('03:00');
  });

  it('drops seconds and milliseconds instead of rounding up', () => {
    expect(utcToMadrid(new Date('2027-05-03T08:30:59.999Z')).time).toBe('10:30');
  });

  it('round-trips every quarter hour of both change days and an ordinary day', () => {
    for (const date of ['2026-10-25', '2027-03-28', '2027-05-03']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const back = utcToMadrid(madridToUtc(date, time));
        expect(back.date).toBe(date);
        // Only the skipped spring hour comes back different (one hour later).
        if (date === '2027-03-28' && time.startsWith('02:')) expect(back.time).toBe(`03:${time.slice(3)}`);
        else expect(back.time).toBe(time);
      }
    }
  });

  it('refuses an invalid Date', () => {
    expect(() => utcToMadrid(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('calendar helpers', () => {
  it('adds days across month, year, leap day and DST changes', () => {
    expect(addDays('2027-05-03', 1)).toBe('2027-05-04');
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2027-05-03', 0)).toBe('2027-05-03');
    expect(addDays('2027-05-03', 365)).toBe('2028-05-02');
  });

  it('refuses a fractional number of days or a bad date', () => {
    expect(() => addDays('2027-05-03', 1.5)).toThrow(RangeError);
    expect(() => addDays('2027-02-30', 1)).toThrow(RangeError);
  });

  it('counts days between dates', () => {
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
    expect(daysBetween('2027-01-01', '2028-01-01')).toBe(365);
  });

  it('gives ISO weekdays', () => {
    expect(weekdayOf('2027-05-03')).toBe(1);
    expect(weekdayOf('2027-05-08')).toBe(6);
    expect(weekdayOf('2027-05-09')).toBe(7);
    expect(weekdayOf('2026-10-25')).toBe(7);
  });

  it('recognises dates and times', () => {
    expect(isLocalDate('2027-05-03')).toBe(true);
    expect(isLocalDate('2027-02-29')).toBe(false);
    expect(isLocalDate(20270503)).toBe(false);
    expect(isLocalTime('00:00')).toBe(true);
    expect(isLocalTime('23:59')).toBe(true);
    expect(isLocalTime('24:00')).toBe(false);
  });
});

describe('madridToday', () => {
  it('is the Madrid date, not the UTC date', () => {
    expect(madridToday(new Date('2027-05-02T21:59:00Z'))).toBe('2027-05-02');
    expect(madridToday(new Date('2027-05-02T22:00:00Z'))).toBe('2027-05-03');
    expect(madridToday(new Date('2027-01-04T23:00:00Z'))).toBe('2027-01-05');
    expect(madridToday(new Date('2027-01-04T22:59:00Z'))).toBe('2027-01-04');
  });
});

describe('dateText and timeText', () => {
  it('show the Madrid wall clock on a 24-hour clock, whatever the server zone', () => {
    const summer = new Date('2026-07-01T20:05:00Z');
    expect(timeText(summer, 'en')).toBe('22:05');
    expect(timeText(summer, 'ca')).toBe('22:05');
    expect(dateText(summer, 'en')).toBe('Wednesday, 1 July 2026');
    expect(dateText(new Date('2026-12-31T23:30:00Z'), 'es')).toMatch(/^viernes, 1 de enero de 2027$/);
  });
});
