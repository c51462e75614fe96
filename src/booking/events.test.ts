import type { Payload } from 'payload';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { publish, subscribe, subscribers, type EventOf } from './events';

const payload = {} as Payload;
const paid: EventOf<'booking.paid'> = {
  type: 'booking.paid',
  bookingId: 7,
  reference: 'ABC',
  how: 'confirmed',
  at: new Date('2026-06-01T10:00:00Z'),
};
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((undo) => undo()));

describe('domain events', () => {
  it('runs every subscriber of the event type in registration order, and only those', async () => {
    const seen: string[] = [];
    cleanups.push(
      subscribe('booking.paid', 'test.a', (e) => void seen.push(`a:${e.bookingId}`)),
      subscribe('booking.cancelled', 'test.other', () => void seen.push('other')),
      subscribe('booking.paid', 'test.b', async (e) => void seen.push(`b:${e.reference}`)),
    );
    await publish(payload, paid);
    expect(seen).toEqual(['a:7', 'b:ABC']);
  });

  it('keeps going past a failing subscriber and never throws to the publisher', async () => {
    const seen: string[] = [];
    cleanups.push(
      subscribe('booking.paid', 'test.broken', () => {
        throw new Error('smtp down');
      }),
      subscribe('booking.paid', 'test.after', () => void seen.push('after')),
    );
    await expect(publish(payload, paid)).resolves.toBeUndefined();
    expect(seen).toEqual(['after']);
  });

  it('replaces a subscriber registered again under the same name instead of running it twice', async () => {
    let calls = 0;
    cleanups.push(subscribe('booking.paid', 'test.once', () => void calls++));
    cleanups.push(subscribe('booking.paid', 'test.once', () => void calls++));
    await publish(payload, paid);
    expect(calls).toBe(1);
    expect(subscribers('booking.paid').filter((n) => n === 'test.once')).toHaveLength(1);
  });

  it('hands the subscriber the Payload instance it was published with', async () => {
    let given: unknown;
    cleanups.push(subscribe('booking.paid', 'test.ctx', (_e, ctx) => void (given = ctx.payload)));
    await publish(payload, paid);
    expect(given).toBe(payload);
  });

  it('reaches subscribers registered through another copy of the module (Next bundles routes apart)', async () => {
    vi.resetModules();
    const first = await import('./events');
    vi.resetModules();
    const second = await import('./events');
    expect(second).not.toBe(first);
    let calls = 0;
    cleanups.push(first.subscribe('booking.paid', 'test.bundles', () => void calls++));
    await second.publish(payload, paid);
    expect(calls).toBe(1);
  });
});
