import { describe, expect, it } from 'vitest';

import type { Param, QueryResult } from './db';
import { bookingStatuses, departureStatuses } from './statuses';
import {
  bookingTransitions,
  canMoveBooking,
  canMoveDeparture,
  departureTransitions,
  IllegalTransitionError,
  netStatusEvents,
  transitionBooking,
  transitionDeparture,
  transitionDepartures,
  type BookingMove,
} from './transitions';

/** A transaction that answers every UPDATE with `rows` and remembers what it was asked. */
function recordingTx(rows: Record<string, unknown>[] = []) {
  const calls: { sql: string; params: readonly Param[] }[] = [];
  return {
    calls,
    query(sql: string, params: readonly Param[] = []): Promise<QueryResult> {
      calls.push({ sql, params });
      return Promise.resolve({ rows, rowsAffected: rows.length });
    },
  };
}

const now = new Date('2026-07-01T10:00:00Z');

describe('the transitions table', () => {
  it('names every status, and only moves to statuses that exist', () => {
    expect(Object.keys(bookingTransitions).sort()).toEqual([...bookingStatuses].sort());
    expect(Object.keys(departureTransitions).sort()).toEqual([...departureStatuses].sort());
    for (const targets of Object.values(bookingTransitions))
      for (const to of targets) expect(bookingStatuses).toContain(to);
    for (const targets of Object.values(departureTransitions))
      for (const to of targets) expect(departureStatuses).toContain(to);
  });

  it('allows the moves the shop makes', () => {
    for (const [from, to] of [
      ['held', 'paid'],
      ['held', 'expired'],
      ['held', 'cancelled'],
      ['expired', 'paid'],
      ['paid', 'cancelled'],
      ['paid', 'disrupted'],
      ['paid', 'refundPending'],
      ['disrupted', 'paid'],
      ['disrupted', 'cancelled'],
      ['cancelled', 'refundPending'],
      ['refundPending', 'cancelled'],
    ] as const)
      expect(canMoveBooking(from, to), `${from} → ${to}`).toBe(true);
    for (const [from, to] of [
      ['scheduled', 'closed'],
      ['closed', 'scheduled'],
      ['scheduled', 'cancelled'],
      ['closed', 'cancelled'],
    ] as const)
      expect(canMoveDeparture(from, to), `${from} → ${to}`).toBe(true);
  });

  it('refuses the moves that would lose seats or money', () => {
    for (const [from, to] of [
      ['cancelled', 'paid'], // a cancelled booking's seats are gone
      ['expired', 'held'],
      ['paid', 'held'],
      ['paid', 'expired'], // an expiry must never touch a paid booking
      ['refundPending', 'paid'],
      ['disrupted', 'expired'],
      ['held', 'disrupted'],
      ['held', 'held'],
    ] as const)
      expect(canMoveBooking(from, to), `${from} → ${to}`).toBe(false);
    for (const to of departureStatuses) expect(canMoveDeparture('cancelled', to)).toBe(false);
    expect(canMoveDeparture('scheduled', 'scheduled')).toBe(false);
  });

  it('refuses an illegal move before running any SQL', async () => {
    const tx = recordingTx([{ id: 1, reference: 'R', departure_id: 2, seats: 3 }]);
    await expect(transitionBooking(tx, 1, 'cancelled', 'paid', { now })).rejects.toBeInstanceOf(IllegalTransitionError);
    // One illegal `from` in a list refuses the whole move.
    await expect(transitionBooking(tx, 1, ['held', 'refundPending'], 'expired', { now })).rejects.toThrow(
      'may not move from refundPending to expired',
    );
    await expect(transitionDeparture(tx, 1, 'cancelled', 'scheduled', { now })).rejects.toBeInstanceOf(
      IllegalTransitionError,
    );
    expect(tx.calls).toEqual([]);
  });

  it('keeps the status its own: extra columns may not set it, and a cancellation needs a reason', async () => {
    const tx = recordingTx();
    await expect(
      transitionBooking(tx, 1, 'held', 'paid', { now, set: { sql: "paid_at = ?, status = 'cancelled'", params: [] } }),
    ).rejects.toThrow('may not assign status');
    await expect(transitionDeparture(tx, 1, 'scheduled', 'cancelled', { now })).rejects.toThrow('reason');
    expect(tx.calls).toEqual([]);
  });
});

describe('a move', () => {
  it('is one conditional UPDATE whose WHERE names the status it leaves, and returns the event', async () => {
    const tx = recordingTx([{ id: 7, reference: 'ABC', departure_id: 9, seats: 2 }]);
    const move = await transitionBooking(tx, 7, 'held', 'paid', {
      now,
      by: 'user:1',
      set: { sql: 'paid_at = ?', params: ['x'] },
      and: { sql: 'hold_expires_at > ?', params: ['y'] },
    });
    expect(tx.calls).toHaveLength(1);
    expect(tx.calls[0]!.sql).toMatch(/UPDATE bookings SET status = \?, paid_at = \?, updated_at = \?/);
    expect(tx.calls[0]!.sql).toMatch(/WHERE id = \? AND status = \? AND \(hold_expires_at > \?\)/);
    expect(tx.calls[0]!.params).toEqual(['paid', 'x', now.toISOString(), 7, 'held', 'y']);
    expect(move?.event).toEqual({
      type: 'booking.statusChanged',
      bookingId: 7,
      reference: 'ABC',
      departureId: 9,
      from: 'held',
      to: 'paid',
      by: 'user:1',
      at: now,
    });
  });

  it('answers null when no row was in a status it may leave: nothing changed, nothing to announce', async () => {
    const tx = recordingTx([]);
    expect(await transitionBooking(tx, 7, ['paid', 'disrupted'], 'cancelled', { now })).toBeNull();
    // One statement per status it may leave, so the event can say which one it left.
    expect(tx.calls.map((c) => c.params.at(-1))).toEqual(['paid', 'disrupted']);
  });

  it('announces a departure cancelled with its reason, and closing as a change', async () => {
    const tx = recordingTx([{ id: 4 }, { id: 3 }]);
    const cancelled = await transitionDepartures(
      tx,
      { localDate: '2026-12-25', tourId: null },
      'scheduled',
      'cancelled',
      {
        now,
        by: 'user:2',
        reason: 'closedDay',
      },
    );
    expect(tx.calls[0]!.sql).toMatch(/WHERE local_date = \? AND status = \?/);
    expect(cancelled.map((m) => m.event)).toEqual([
      { type: 'departure.cancelled', departureId: 3, reason: 'closedDay', from: 'scheduled', by: 'user:2', at: now },
      { type: 'departure.cancelled', departureId: 4, reason: 'closedDay', from: 'scheduled', by: 'user:2', at: now },
    ]);
    const closed = await transitionDeparture(recordingTx([{ id: 5 }]), 5, 'scheduled', 'closed', { now });
    expect(closed?.event).toEqual({
      type: 'departure.changed',
      departureId: 5,
      changes: ['closed for sale'],
      status: { from: 'scheduled', to: 'closed' },
      at: now,
    });
  });

  it('announces two moves of one booking in one transaction as the one that was committed', () => {
    const move = (from: BookingMove['from'], to: BookingMove['to']): BookingMove => ({
      id: 1,
      reference: 'R',
      departureId: 2,
      seats: 1,
      from,
      to,
      event: { type: 'booking.statusChanged', bookingId: 1, reference: 'R', departureId: 2, from, to, at: now },
    });
    expect(netStatusEvents([move('expired', 'paid'), move('paid', 'refundPending')])).toEqual([
      expect.objectContaining({ bookingId: 1, from: 'expired', to: 'refundPending' }),
    ]);
  });
});
