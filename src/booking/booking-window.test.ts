import { describe, expect, it } from 'vitest';

import {
  SELF_CHANGE_HOURS_BEFORE,
  availabilityState,
  boardingTime,
  bookingClosesAt,
  isBookable,
  seatsLeft,
  selfChangeClosesAt,
} from './booking-window';
import { madridToUtc } from './time';

const startsAt = new Date('2027-05-03T08:30:00Z'); // 10:30 in Madrid
const at = (iso: string) => new Date(iso);

describe('boardingTime', () => {
  it('is 15 minutes before departure by default', () => {
    expect(boardingTime(startsAt).toISOString()).toBe('2027-05-03T08:15:00.000Z');
  });

  it('takes another lead time', () => {
    expect(boardingTime(startsAt, 30).toISOString()).toBe('2027-05-03T08:00:00.000Z');
    expect(boardingTime(startsAt, 0).toISOString()).toBe(startsAt.toISOString());
  });

  it('counts real minutes across a DST change', () => {
    // 03:05 CEST on the spring-forward morning: boarding is at 01:50 CET, 15 real minutes earlier.
    const early = madridToUtc('2027-03-28', '03:05');
    expect(early.getTime() - boardingTime(early).getTime()).toBe(15 * 60_000);
    expect(boardingTime(early).toISOString()).toBe('2027-03-28T00:50:00.000Z');
  });

  it('refuses invalid input', () => {
    expect(() => boardingTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => boardingTime(startsAt, -5)).toThrow(RangeError);
    expect(() => boardingTime(startsAt, 2.5)).toThrow(RangeError);
  });
});

describe('isBookable', () => {
  it('is open until 10 minutes before departure, closed from that instant on', () => {
    expect(bookingClosesAt(startsAt).toISOString()).toBe('2027-05-03T08:20:00.000Z');
    expect(isBookable(startsAt, at('2027-05-01T12:00:00Z'))).toBe(true);
    expect(isBookable(startsAt, at('2027-05-03T08:19:59.999Z'))).toBe(true);
    expect(isBookable(startsAt, at('2027-05-03T08:20:00.000Z'))).toBe(false);
    expect(isBookable(startsAt, at('2027-05-03T08:30:00Z'))).toBe(false);
    expect(isBookable(startsAt, at('2027-05-03T09:00:00Z'))).toBe(false);
  });

  it('takes another closing time', () => {
    expect(isBookable(startsAt, at('2027-05-03T08:25:00Z'), 0)).toBe(true);
    expect(isBookable(startsAt, at('2027-05-03T08:30:00Z'), 0)).toBe(false);
    expect(isBookable(startsAt, at('2027-05-03T07:45:00Z'), 60)).toBe(false);
  });

  it('refuses an invalid clock', () => {
    expect(() => isBookable(startsAt, new Date(Number.NaN))).toThrow(RangeError);
    expect(() => isBookable(startsAt, at('2027-05-03T07:00:00Z'), -1)).toThrow(RangeError);
  });
});

describe('seatsLeft', () => {
  it('subtracts sold and held seats', () => {
    expect(seatsLeft({ capacity: 100, sold: 40, held: 15 })).toBe(45);
    expect(seatsLeft({ capacity: 100, sold: 100, held: 0 })).toBe(0);
    expect(seatsLeft({ capacity: 0, sold: 0, held: 0 })).toBe(0);
  });

  it('never goes below zero', () => {
    expect(seatsLeft({ capacity: 80, sold: 90, held: 5 })).toBe(0);
  });

  it('refuses negative or fractional counts', () => {
    expect(() => seatsLeft({ capacity: 100, sold: -1, held: 0 })).toThrow(RangeError);
    expect(() => seatsLeft({ capacity: 100, sold: 0, held: 0.5 })).toThrow(RangeError);
    expect(() => seatsLeft({ capacity: Number.NaN, sold: 0, held: 0 })).toThrow(RangeError);
  });
});

describe('availabilityState', () => {
  it('is sold out at zero seats', () => {
    expect(availabilityState(0)).toBe('soldOut');
    expect(availabilityState(0, 0, 100)).toBe('soldOut');
  });

  it('is few at 10 seats or fewer', () => {
    expect(availabilityState(1)).toBe('few');
    expect(availabilityState(10)).toBe('few');
    expect(availabilityState(11)).toBe('available');
  });

  it('is few at a tenth of the boat or less on big boats', () => {
    expect(availabilityState(20, undefined, 200)).toBe('few');
    expect(availabilityState(21, undefined, 200)).toBe('available');
    // On a small boat the absolute threshold is the larger one.
    expect(availabilityState(10, undefined, 40)).toBe('few');
    expect(availabilityState(11, undefined, 40)).toBe('available');
  });

  it('is sold out when fewer seats are left than wanted ("Capacity exhausted")', () => {
    expect(availabilityState(5, 6)).toBe('soldOut');
    expect(availabilityState(5, 5)).toBe('few');
    expect(availabilityState(50, 51, 100)).toBe('soldOut');
    expect(availabilityState(50, 50, 100)).toBe('available');
  });

  it('refuses invalid counts', () => {
    expect(() => availabilityState(-1)).toThrow(RangeError);
    expect(() => availabilityState(5, 1.5)).toThrow(RangeError);
    expect(() => availabilityState(5, 1, -100)).toThrow(RangeError);
  });
});

describe('selfChangeClosesAt', () => {
  it('is the given whole number of hours before departure, across a change of clocks', () => {
    expect(selfChangeClosesAt(startsAt, SELF_CHANGE_HOURS_BEFORE).toISOString()).toBe('2027-05-02T08:30:00.000Z');
    expect(selfChangeClosesAt(startsAt, 0).toISOString()).toBe(startsAt.toISOString());
    // 28 March 2027: Madrid goes from +01:00 to +02:00; 48 hours stay 48 hours of real time.
    const afterChange = at('2027-03-29T08:00:00Z');
    expect(selfChangeClosesAt(afterChange, 48).toISOString()).toBe('2027-03-27T08:00:00.000Z');
  });

  it('refuses a fraction or a negative number of hours', () => {
    expect(() => selfChangeClosesAt(startsAt, 1.5)).toThrow(RangeError);
    expect(() => selfChangeClosesAt(startsAt, -1)).toThrow(RangeError);
  });
});
