import { describe, expect, it } from 'vitest';

import { madridToUtc } from '@/i18n/time';
import {
  departureKey,
  describeConflict,
  findBoatConflicts,
  generateDepartures,
  type BoatSlot,
  type Timetable,
} from './timetable';

function timetable(partial: Partial<Timetable> & Pick<Timetable, 'id'>): Timetable {
  return {
    tourId: 'harbour',
    boatId: 'boat-1',
    validFrom: '2027-05-01',
    validTo: '2027-05-31',
    days: 'daily',
    times: ['10:30'],
    ...partial,
  };
}

const summary = (departures: { localDate: string; localTime: string }[]) =>
  departures.map((d) => `${d.localDate} ${d.localTime}`);

describe('generateDepartures', () => {
  it('generates each day and time in range with UTC instants and end times', () => {
    const departures = generateDepartures({
      timetables: [timetable({ id: 't1', times: ['12:00', '10:30'] })],
      from: '2027-05-03',
      to: '2027-05-04',
      durationMinutes: 40,
    });
    expect(departures).toEqual([
      {
        key: 'harbour@2027-05-03T10:30',
        tourId: 'harbour',
        boatId: 'boat-1',
        startsAt: new Date('2027-05-03T08:30:00Z'),
        endsAt: new Date('2027-05-03T09:10:00Z'),
        localDate: '2027-05-03',
        localTime: '10:30',
        durationMinutes: 40,
        timetableId: 't1',
      },
      expect.objectContaining({ key: 'harbour@2027-05-03T12:00', startsAt: new Date('2027-05-03T10:00:00Z') }),
      expect.objectContaining({ key: 'harbour@2027-05-04T10:30' }),
      expect.objectContaining({ key: 'harbour@2027-05-04T12:00' }),
    ]);
  });

  it('builds keys as tour@dateTtime', () => {
    expect(departureKey('puerto-y-litoral-60-min', '2027-05-03', '10:30')).toBe(
      'puerto-y-litoral-60-min@2027-05-03T10:30',
    );
  });

  it('expresses the Kings’ Parade: one departure on 5 January at 15:15', () => {
    const kings = timetable({
      id: 'kings',
      tourId: 'kingsParade60',
      validFrom: '2027-01-05',
      validTo: '2027-01-05',
      days: 'daily',
      times: ['15:15'],
    });
    const departures = generateDepartures({
      timetables: [kings],
      from: '2026-12-01',
      to: '2027-02-28',
      durationMinutes: 60,
    });
    expect(departures).toHaveLength(1);
    expect(departures[0]).toMatchObject({
      key: 'kingsParade60@2027-01-05T15:15',
      startsAt: new Date('2027-01-05T14:15:00Z'),
      endsAt: new Date('2027-01-05T15:15:00Z'),
    });
  });

  it('expresses a single 10:30 departure on Monday to Friday only', () => {
    const departures = generateDepartures({
      timetables: [timetable({ id: 'wk', days: 'weekdays', times: ['10:30'] })],
      from: '2027-05-01', // Saturday
      to: '2027-05-16', // Sunday
      durationMinutes: 90,
    });
    expect(summary(departures)).toEqual([
      '2027-05-03 10:30',
      '2027-05-04 10:30',
      '2027-05-05 10:30',
      '2027-05-06 10:30',
      '2027-05-07 10:30',
      '2027-05-10 10:30',
      '2027-05-11 10:30',
      '2027-05-12 10:30',
      '2027-05-13 10:30',
      '2027-05-14 10:30',
    ]);
  });

  it('runs weekends only, or on listed ISO weekdays', () => {
    const weekends = generateDepartures({
      timetables: [timetable({ id: 'we', days: 'weekends' })],
      from: '2027-05-03',
      to: '2027-05-10',
      durationMinutes: 40,
    });
    expect(summary(weekends)).toEqual(['2027-05-08 10:30', '2027-05-09 10:30']);
    const listed = generateDepartures({
      timetables: [timetable({ id: 'l', days: [3, 7] })],
      from: '2027-05-03',
      to: '2027-05-10',
      durationMinutes: 40,
    });
    expect(summary(listed)).toEqual(['2027-05-05 10:30', '2027-05-09 10:30']);
  });

  it('clips to the timetable’s validity, both ends inclusive', () => {
    const departures = generateDepartures({
      timetables: [timetable({ id: 't', validFrom: '2027-05-10', validTo: '2027-05-12' })],
      from: '2027-05-01',
      to: '2027-05-31',
      durationMinutes: 40,
    });
    expect(summary(departures)).toEqual(['2027-05-10 10:30', '2027-05-11 10:30', '2027-05-12 10:30']);
  });

  it('returns nothing outside the timetable or for an empty range', () => {
    const timetables = [timetable({ id: 't' })];
    expect(generateDepartures({ timetables, from: '2027-06-01', to: '2027-06-30', durationMinutes: 40 })).toEqual([]);
    expect(generateDepartures({ timetables, from: '2027-05-10', to: '2027-05-09', durationMinutes: 40 })).toEqual([]);
  });

  it('is idempotent: same input, same keys; overlapping ranges agree on shared days', () => {
    const timetables = [timetable({ id: 't', times: ['10:30', '12:00', '17:00'] })];
    const a = generateDepartures({ timetables, from: '2027-05-01', to: '2027-05-20', durationMinutes: 40 });
    const b = generateDepartures({ timetables, from: '2027-05-01', to: '2027-05-20', durationMinutes: 40 });
    expect(b).toEqual(a);
    const c = generateDepartures({ timetables, from: '2027-05-15', to: '2027-05-31', durationMinutes: 40 });
    const shared = c.filter((d) => d.localDate <= '2027-05-20');
    expect(shared).toEqual(a.filter((d) => d.localDate >= '2027-05-15'));
  });

  it('produces one departure when timetables of the same tour overlap on a time', () => {
    const yearly = timetable({
      id: 'a-yearly',
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      times: ['10:30', '12:00'],
    });
    const summer = timetable({
      id: 'b-summer',
      boatId: 'boat-2',
      validFrom: '2027-05-01',
      validTo: '2027-09-30',
      times: ['10:30', '18:00'],
    });
    const departures = generateDepartures({
      timetables: [yearly, summer],
      from: '2027-05-03',
      to: '2027-05-03',
      durationMinutes: 40,
    });
    expect(departures.map((d) => [d.localTime, d.boatId, d.timetableId])).toEqual([
      ['10:30', 'boat-2', 'b-summer'],
      ['12:00', 'boat-1', 'a-yearly'],
      ['18:00', 'boat-2', 'b-summer'],
    ]);
    expect(new Set(departures.map((d) => d.key)).size).toBe(departures.length);
  });

  it('resolves overlaps the same way whatever order the timetables come in', () => {
    const one = timetable({ id: 'x', boatId: 'boat-1' });
    const two = timetable({ id: 'y', boatId: 'boat-2' });
    const args = { from: '2027-05-03', to: '2027-05-03', durationMinutes: 40 };
    const forward = generateDepartures({ ...args, timetables: [one, two] });
    const backward = generateDepartures({ ...args, timetables: [two, one] });
    expect(forward).toEqual(backward);
    expect(forward.map((d) => d.boatId)).toEqual(['boat-1']);
  });

  it('dedupes a time listed twice in one timetable', () => {
    const departures = generateDepartures({
      timetables: [timetable({ id: 't', times: ['10:30', '10:30'] })],
      from: '2027-05-03',
      to: '2027-05-03',
      durationMinutes: 40,
    });
    expect(departures).toHaveLength(1);
  });

  it('keeps different tours at the same time apart, sorted by start then tour', () => {
    const departures = generateDepartures({
      timetables: [
        timetable({ id: 'c', tourId: 'coast', boatId: 'boat-2' }),
        timetable({ id: 'h', tourId: 'harbour' }),
      ],
      from: '2027-05-03',
      to: '2027-05-03',
      durationMinutes: (tourId) => (tourId === 'coast' ? 60 : 40),
    });
    expect(departures.map((d) => [d.tourId, d.durationMinutes, d.endsAt.toISOString()])).toEqual([
      ['coast', 60, '2027-05-03T09:30:00.000Z'],
      ['harbour', 40, '2027-05-03T09:10:00.000Z'],
    ]);
  });

  it('skips closed dates and adds extra departures, which run even on a closed date', () => {
    const departures = generateDepartures({
      timetables: [timetable({ id: 't' })],
      exceptions: {
        closedDates: ['2027-05-04', '2027-05-05'],
        extraDepartures: [
          { date: '2027-05-05', time: '16:00', boatId: 'boat-3' },
          { date: '2027-05-03', time: '18:30', boatId: 'boat-1' },
          { date: '2027-06-20', time: '10:30', boatId: 'boat-1' },
        ],
      },
      from: '2027-05-03',
      to: '2027-05-06',
      durationMinutes: 40,
    });
    expect(departures.map((d) => [d.localDate, d.localTime, d.boatId, d.timetableId])).toEqual([
      ['2027-05-03', '10:30', 'boat-1', 't'],
      ['2027-05-03', '18:30', 'boat-1', null],
      ['2027-05-05', '16:00', 'boat-3', null],
      ['2027-05-06', '10:30', 'boat-1', 't'],
    ]);
  });

  it('lets an extra departure replace the timetable’s boat at the same time', () => {
    const departures = generateDepartures({
      timetables: [timetable({ id: 't' })],
      exceptions: { closedDates: [], extraDepartures: [{ date: '2027-05-03', time: '10:30', boatId: 'boat-9' }] },
      from: '2027-05-03',
      to: '2027-05-03',
      durationMinutes: 40,
    });
    expect(departures.map((d) => [d.key, d.boatId, d.timetableId])).toEqual([
      ['harbour@2027-05-03T10:30', 'boat-9', null],
    ]);
  });

  it('supports a tour that only has extra departures, given its tourId', () => {
    const departures = generateDepartures({
      timetables: [],
      exceptions: {
        closedDates: [],
        extraDepartures: [{ tourId: 'americas', date: '2027-05-03', time: '11:00', boatId: 'b' }],
      },
      from: '2027-05-01',
      to: '2027-05-31',
      durationMinutes: 90,
    });
    expect(departures.map((d) => d.key)).toEqual(['americas@2027-05-03T11:00']);
  });

  it('requires a tourId on extras when the timetables span several tours', () => {
    expect(() =>
      generateDepartures({
        timetables: [timetable({ id: 'a', tourId: 'harbour' }), timetable({ id: 'b', tourId: 'coast' })],
        exceptions: { closedDates: [], extraDepartures: [{ date: '2027-05-03', time: '11:00', boatId: 'b' }] },
        from: '2027-05-01',
        to: '2027-05-31',
        durationMinutes: 40,
      }),
    ).toThrow(/tourId/);
  });

  describe('across DST changes', () => {
    it('keeps the local time and shifts the UTC instant on 2026-10-25', () => {
      const departures = generateDepartures({
        timetables: [timetable({ id: 't', validFrom: '2026-10-24', validTo: '2026-10-26', times: ['10:30'] })],
        from: '2026-10-24',
        to: '2026-10-26',
        durationMinutes: 60,
      });
      expect(departures.map((d) => [d.localDate, d.localTime, d.startsAt.toISOString()])).toEqual([
        ['2026-10-24', '10:30', '2026-10-24T08:30:00.000Z'],
        ['2026-10-25', '10:30', '2026-10-25T09:30:00.000Z'],
        ['2026-10-26', '10:30', '2026-10-26T09:30:00.000Z'],
      ]);
    });

    it('keeps the local time and shifts the UTC instant on 2027-03-28', () => {
      const departures = generateDepartures({
        timetables: [timetable({ id: 't', validFrom: '2027-03-27', validTo: '2027-03-29', times: ['10:30'] })],
        from: '2027-03-27',
        to: '2027-03-29',
        durationMinutes: 60,
      });
      expect(departures.map((d) => [d.localDate, d.localTime, d.startsAt.toISOString()])).toEqual([
        ['2027-03-27', '10:30', '2027-03-27T09:30:00.000Z'],
        ['2027-03-28', '10:30', '2027-03-28T08:30:00.000Z'],
        ['2027-03-29', '10:30', '2027-03-29T08:30:00.000Z'],
      ]);
    });

    it('gives a time in the spring gap the hour the clock shows, and dedupes it with that hour', () => {
      const departures = generateDepartures({
        timetables: [timetable({ id: 't', validFrom: '2027-03-28', validTo: '2027-03-28', times: ['02:30', '03:30'] })],
        from: '2027-03-28',
        to: '2027-03-28',
        durationMinutes: 40,
      });
      expect(departures.map((d) => [d.key, d.startsAt.toISOString()])).toEqual([
        ['harbour@2027-03-28T03:30', '2027-03-28T01:30:00.000Z'],
      ]);
    });

    it('takes the first of the two 02:30s in autumn, once', () => {
      const departures = generateDepartures({
        timetables: [timetable({ id: 't', validFrom: '2026-10-25', validTo: '2026-10-25', times: ['02:30'] })],
        from: '2026-10-25',
        to: '2026-10-25',
        durationMinutes: 40,
      });
      expect(departures.map((d) => [d.key, d.startsAt.toISOString()])).toEqual([
        ['harbour@2026-10-25T02:30', '2026-10-25T00:30:00.000Z'],
      ]);
    });
  });

  it('refuses malformed timetables and inputs', () => {
    const base = { from: '2027-05-01', to: '2027-05-31', durationMinutes: 40 };
    expect(() => generateDepartures({ ...base, timetables: [timetable({ id: 't', validTo: '2027-04-30' })] })).toThrow(
      /ends before it starts/,
    );
    expect(() => generateDepartures({ ...base, timetables: [timetable({ id: 't', times: ['9:30'] })] })).toThrow(
      RangeError,
    );
    expect(() => generateDepartures({ ...base, timetables: [timetable({ id: 't', days: [0] })] })).toThrow(/weekday/);
    expect(() => generateDepartures({ ...base, timetables: [timetable({ id: 't', days: [8] })] })).toThrow(/weekday/);
    expect(() =>
      generateDepartures({ ...base, timetables: [timetable({ id: 't', validFrom: '2027-02-30' })] }),
    ).toThrow(RangeError);
    expect(() => generateDepartures({ ...base, to: '2027-5-31', timetables: [] })).toThrow(RangeError);
    expect(() => generateDepartures({ ...base, durationMinutes: 0, timetables: [timetable({ id: 't' })] })).toThrow(
      RangeError,
    );
    expect(() =>
      generateDepartures({
        ...base,
        timetables: [],
        exceptions: { closedDates: ['2027-13-01'], extraDepartures: [] },
      }),
    ).toThrow(RangeError);
  });
});

function slot(
  key: string,
  boatId: string,
  local: string,
  durationMinutes: number,
  tourId = key.split('@')[0] ?? key,
): BoatSlot {
  const [date = '', time = ''] = local.split(' ');
  return { key, tourId, boatId, startsAt: madridToUtc(date, time), durationMinutes };
}

describe('findBoatConflicts', () => {
  it('finds the same boat booked on two tours at overlapping times', () => {
    const harbour = slot('harbour@2027-05-03T10:30', 'boat-1', '2027-05-03 10:30', 40);
    const coast = slot('coast@2027-05-03T11:00', 'boat-1', '2027-05-03 11:00', 60);
    expect(findBoatConflicts([coast, harbour])).toEqual([{ boatId: 'boat-1', first: harbour, second: coast }]);
  });

  it('counts the turnaround: 40 min + 15 min means the boat is free again at 11:25', () => {
    const first = slot('harbour@A', 'boat-1', '2027-05-03 10:30', 40);
    expect(findBoatConflicts([first, slot('coast@B', 'boat-1', '2027-05-03 11:24', 60)])).toHaveLength(1);
    expect(findBoatConflicts([first, slot('coast@B', 'boat-1', '2027-05-03 11:25', 60)])).toEqual([]);
    expect(findBoatConflicts([first, slot('coast@B', 'boat-1', '2027-05-03 11:10', 60)], 0)).toEqual([]);
    expect(findBoatConflicts([first, slot('coast@B', 'boat-1', '2027-05-03 11:25', 60)], 30)).toHaveLength(1);
  });

  it('ignores different boats at the same time', () => {
    expect(
      findBoatConflicts([
        slot('harbour@A', 'boat-1', '2027-05-03 10:30', 40),
        slot('coast@B', 'boat-2', '2027-05-03 10:30', 60),
      ]),
    ).toEqual([]);
  });

  it('flags two departures of the same boat at the same instant', () => {
    const a = slot('harbour@2027-05-03T10:30', 'boat-1', '2027-05-03 10:30', 40);
    const b = slot('kingsParade40@2027-05-03T10:30', 'boat-1', '2027-05-03 10:30', 40);
    expect(findBoatConflicts([b, a])).toEqual([{ boatId: 'boat-1', first: a, second: b }]);
  });

  it('does not treat a departure listed twice as a conflict with itself', () => {
    const stored = slot('harbour@2027-05-03T10:30', 'boat-1', '2027-05-03 10:30', 40);
    const regenerated = { ...stored, startsAt: new Date(stored.startsAt) };
    expect(findBoatConflicts([stored, regenerated])).toEqual([]);
    const other = slot('coast@2027-05-03T10:45', 'boat-1', '2027-05-03 10:45', 60);
    expect(findBoatConflicts([stored, regenerated, other])).toHaveLength(1);
  });

  it('pairs a long departure with every short one it overlaps, not only the next', () => {
    const long = slot('coast@A', 'boat-1', '2027-05-03 10:00', 90);
    const b = slot('harbour@B', 'boat-1', '2027-05-03 10:30', 10);
    const c = slot('harbour@C', 'boat-1', '2027-05-03 11:20', 10);
    // Free again at 11:45 after both the long trip and C: D touches their ends without overlapping.
    const d = slot('harbour@D', 'boat-1', '2027-05-03 11:45', 10);
    const conflicts = findBoatConflicts([d, c, b, long]);
    expect(conflicts.map((x) => `${x.first.key}>${x.second.key}`)).toEqual(['coast@A>harbour@B', 'coast@A>harbour@C']);
  });

  it('checks generated departures of several tours against each other', () => {
    const departures = generateDepartures({
      timetables: [
        timetable({ id: 'h', tourId: 'harbour', boatId: 'boat-1', days: 'daily', times: ['10:30', '12:00'] }),
        timetable({ id: 'c', tourId: 'coast', boatId: 'boat-1', days: 'weekends', times: ['11:00'] }),
      ],
      from: '2027-05-07',
      to: '2027-05-09',
      durationMinutes: (tourId) => (tourId === 'coast' ? 60 : 40),
    });
    const conflicts = findBoatConflicts(departures);
    expect(conflicts.map((x) => `${x.first.key} / ${x.second.key}`)).toEqual([
      'harbour@2027-05-08T10:30 / coast@2027-05-08T11:00',
      'coast@2027-05-08T11:00 / harbour@2027-05-08T12:00',
      'harbour@2027-05-09T10:30 / coast@2027-05-09T11:00',
      'coast@2027-05-09T11:00 / harbour@2027-05-09T12:00',
    ]);
  });

  it('accounts for DST: 01:30 + 60 min on the autumn night really ends an hour of clock later', () => {
    // 01:30 CEST (23:30Z) + 60 + 15 = 00:45Z, which the clock shows as 02:45 CEST… and the
    // first 02:30 (00:30Z) falls inside it.
    const a = slot('night@A', 'boat-1', '2026-10-25 01:30', 60);
    const b = slot('night@B', 'boat-1', '2026-10-25 02:30', 40);
    expect(findBoatConflicts([a, b])).toHaveLength(1);
  });

  it('refuses nonsense durations and turnarounds', () => {
    expect(() => findBoatConflicts([slot('a@1', 'b', '2027-05-03 10:00', 0)])).toThrow(RangeError);
    expect(() => findBoatConflicts([], -5)).toThrow(RangeError);
  });
});

describe('describeConflict', () => {
  const conflict = {
    boatId: 'boat-1',
    first: slot('harbour@2027-05-03T10:30', 'boat-1', '2027-05-03 10:30', 40, 'harbour'),
    second: slot('coast@2027-05-03T10:45', 'boat-1', '2027-05-03 10:45', 60, 'coast'),
  };
  const tours: Record<string, string> = { harbour: 'Harbour 40 min', coast: 'Coast 60 min' };
  const names = {
    tourName: (id: string) => tours[id],
    boatName: (id: string) => (id === 'boat-1' ? 'Lola' : undefined),
  };

  it('says which boat is out, when, on what tour, and what cannot leave', () => {
    expect(describeConflict(conflict, 'en', names)).toBe(
      'Boat Lola is already sailing at 10:30 on 2027-05-03 (Harbour 40 min), so it cannot leave at 10:45 (Coast 60 min).',
    );
    expect(describeConflict(conflict, 'es', names)).toBe(
      'El barco Lola ya está navegando a las 10:30 del 2027-05-03 (Harbour 40 min), así que no puede salir a las 10:45 (Coast 60 min).',
    );
    expect(describeConflict(conflict, 'ca', names)).toBe(
      'El vaixell Lola ja navega a les 10:30 del 2027-05-03 (Harbour 40 min), per tant no pot sortir a les 10:45 (Coast 60 min).',
    );
    expect(describeConflict(conflict, 'fr', names)).toBe(
      'Le bateau Lola navigue déjà à 10:30 le 2027-05-03 (Harbour 40 min) et ne peut donc pas partir à 10:45 (Coast 60 min).',
    );
  });

  it('falls back to ids when a name is unknown', () => {
    expect(describeConflict(conflict, 'en')).toBe(
      'Boat boat-1 is already sailing at 10:30 on 2027-05-03 (harbour), so it cannot leave at 10:45 (coast).',
    );
  });

  it('shows Madrid time, not UTC, and names the second date when it differs', () => {
    const overnight = {
      boatId: 'boat-1',
      first: slot('late@A', 'boat-1', '2027-05-03 23:30', 40, 'late'),
      second: slot('late@B', 'boat-1', '2027-05-04 00:10', 40, 'late'),
    };
    expect(describeConflict(overnight, 'en')).toBe(
      'Boat boat-1 is already sailing at 23:30 on 2027-05-03 (late), so it cannot leave at 00:10 on 2027-05-04 (late).',
    );
    expect(describeConflict(overnight, 'ca')).toContain('a les 00:10 del 2027-05-04');
  });
});
