import { describe, expect, it } from 'vitest';

import {
  afterSend,
  applyAnswer,
  applySync,
  decideScan,
  expandShortCode,
  findInManifest,
  fullCode,
  isConflict,
  manifestEntry,
  normalizeCode,
  REPEAT_SCAN_MS,
  repeatedAnswer,
  replacedTickets,
  scanKey,
  scanOffline,
  waitingToBoard,
  type BoardingListEntry,
  type DepartureSummary,
  type FoundBooking,
  type ScanAnswer,
  type ScanContext,
} from './boarding-decision';

const today = '2031-07-15';
const departure: DepartureSummary = {
  id: 7,
  tour: 'Port',
  boat: 'Lola',
  date: today,
  time: '10:30',
  status: 'scheduled',
};
const tomorrow: DepartureSummary = { ...departure, id: 8, date: '2031-07-16', time: '17:30' };
const laterToday: DepartureSummary = { ...departure, id: 9, time: '18:00' };

const now = new Date('2031-07-15T08:00:00Z');
const crew: ScanContext = { departureId: 7, staff: { role: 'crew' }, now };
const office: ScanContext = { ...crew, staff: { role: 'office' } };
const marta = { id: 1, name: 'Marta Vidal', role: 'crew' };

function ticket(
  code: string,
  reference: string,
  options: { status?: string; voided?: boolean; boardedAt?: string; by?: [number, string] } = {},
): BoardingListEntry {
  return manifestEntry(
    {
      code,
      category: 'adult',
      checkedInAt: options.boardedAt ?? null,
      checkedInBy: options.by?.[1] ?? (options.boardedAt ? 'Pau Serra' : null),
      checkedInById: options.by?.[0] ?? (options.boardedAt ? 2 : null),
      voided: options.voided ?? false,
    },
    { reference, leadName: `Lead ${reference}`, status: options.status ?? 'paid' },
  );
}

function found(tickets: BoardingListEntry[], scanned: 'ticket' | 'booking', on = departure): FoundBooking {
  return {
    scanned,
    reference: tickets[0]!.reference,
    leadName: tickets[0]!.leadName,
    departureId: on.id,
    departure: on,
    tickets,
  };
}

describe('codes', () => {
  it('reads typed and scanned codes the way they are stored', () => {
    expect(normalizeCode('  abcd-efgh 2345 ')).toBe('ABCDEFGH2345');
    expect(normalizeCode('k7q2m9xw')).toBe('K7Q2M9XW');
    expect(normalizeCode('https://example.com/embarcament/K7Q2M9XW')).toBe('K7Q2M9XW');
    expect(normalizeCode('https://example.com/embarcament/k7q2m9xw/')).toBe('K7Q2M9XW');
    expect(normalizeCode('https://example.com/b?code=k7q2-m9xw')).toBe('K7Q2M9XW');
    expect(normalizeCode('https://example.com/b#K7Q2M9XW')).toBe('K7Q2M9XW');
    expect(normalizeCode('')).toBe('');
    expect(normalizeCode('   ')).toBe('');
    expect(normalizeCode('///')).toBe('');
    expect(normalizeCode('A'.repeat(200))).toHaveLength(64);
  });
});

describe('manifest entries', () => {
  it('say why a ticket does not board: its booking first, then its own replacement', () => {
    expect(ticket('T1', 'R1')).toMatchObject({ state: 'valid' });
    expect(ticket('T1', 'R1')).not.toHaveProperty('reason');
    expect(ticket('T1', 'R1', { boardedAt: '2031-07-15T08:00:00.000Z' })).toMatchObject({ state: 'boarded' });
    expect(ticket('T1', 'R1', { voided: true })).toMatchObject({ state: 'cancelled', reason: 'voided' });
    expect(ticket('T1', 'R1', { status: 'cancelled', voided: true })).toMatchObject({
      state: 'cancelled',
      reason: 'cancelled',
    });
    expect(ticket('T1', 'R1', { status: 'refundPending' })).toMatchObject({ reason: 'refunded' });
    expect(ticket('T1', 'R1', { status: 'refunded' })).toMatchObject({ reason: 'refunded' });
    expect(ticket('T1', 'R1', { status: 'expired' })).toMatchObject({ reason: 'unpaid' });
  });

  it('finds a booking by a ticket code or by its reference', () => {
    const manifest = { departure, tickets: [ticket('T1', 'R1'), ticket('T2', 'R1'), ticket('T3', 'R2')] };
    expect(findInManifest(manifest, 'T2')).toMatchObject({ scanned: 'ticket', reference: 'R1', departureId: 7 });
    expect(findInManifest(manifest, 'T2')?.tickets.map((t) => t.code)).toEqual(['T1', 'T2']);
    expect(findInManifest(manifest, 'R2')).toMatchObject({ scanned: 'booking', reference: 'R2' });
    expect(findInManifest(manifest, 'NOPE')).toBeNull();
    expect(findInManifest(manifest, '')).toBeNull();
  });

  it('asks whom to board only among a booking’s tickets still waiting', () => {
    const tickets = [
      ticket('T1', 'R1', { boardedAt: '2031-07-15T08:00:00.000Z' }),
      ticket('T2', 'R1'),
      ticket('T3', 'R1', { voided: true }),
      ticket('T4', 'R1'),
      ticket('T5', 'R2'),
    ];
    expect(waitingToBoard(tickets, 'R1').map((t) => t.code)).toEqual(['T2', 'T4']);
    expect(waitingToBoard(tickets, 'T2')).toEqual([]);
  });
});

describe('the decision', () => {
  const pair = [ticket('T1', 'R1'), ticket('T2', 'R1')];

  it('boards the scanned ticket, or every ticket of a booking, or those the crew chose', () => {
    expect(decideScan(crew, 't1', found(pair, 'ticket'))).toEqual({ board: ['T1'] });
    // A ticket's scan is about that ticket only, whatever was chosen.
    expect(decideScan(crew, 'T1', found(pair, 'ticket'), ['T2'])).toEqual({ board: ['T1'] });
    expect(decideScan(crew, 'r1', found(pair, 'booking'))).toEqual({ board: ['T1', 'T2'] });
    expect(decideScan(crew, 'R1', found(pair, 'booking'), ['t2 '])).toEqual({ board: ['T2'] });
  });

  it('knows nothing of a code nobody has, an empty code, or a choice of nobody in the booking', () => {
    expect(decideScan(crew, 'nope', null)).toEqual({ answer: { result: 'unknown', code: 'NOPE' } });
    expect(decideScan(crew, '  ', null)).toEqual({ answer: { result: 'unknown', code: '' } });
    expect(decideScan(crew, 'R1', found(pair, 'booking'), ['OTHER'])).toEqual({
      answer: { result: 'unknown', code: 'R1' },
    });
  });

  it('names the other departure to the office, and to the crew when it sails today', () => {
    const elsewhere = found(pair, 'ticket', tomorrow);
    expect(decideScan(office, 'T1', elsewhere)).toEqual({
      answer: {
        result: 'wrong-departure',
        scanned: 'ticket',
        booking: { reference: 'R1', leadName: 'Lead R1', tickets: expect.any(Array) },
        departure: tomorrow,
      },
    });
    expect(decideScan(crew, 'T1', found(pair, 'ticket', laterToday))).toMatchObject({
      answer: { result: 'wrong-departure', departure: laterToday },
    });
    // A departure that no longer exists names nothing.
    expect(decideScan(office, 'T1', { ...elsewhere, departure: null })).toEqual({
      answer: { result: 'unknown', code: 'T1' },
    });
  });

  it('tells the crew only which day another day’s booking sails, cancelled or not', () => {
    for (const tickets of [pair, [ticket('T1', 'R1', { status: 'cancelled' })]]) {
      const decision = decideScan(crew, 'R1', found(tickets, 'booking', tomorrow));
      expect(decision).toEqual({ answer: { result: 'not-today', scanned: 'booking', departure: tomorrow } });
      expect(JSON.stringify(decision)).not.toContain('Lead');
      expect(JSON.stringify(decision)).not.toContain('T1');
    }
  });

  it('counts the crew’s day on Barcelona’s clock, not the server’s', () => {
    // 00:30 on the 16th in Madrid, still the 15th in UTC: tomorrow's booking sails today.
    const atMidnight = { ...crew, now: new Date('2031-07-15T22:30:00Z') };
    expect(decideScan(atMidnight, 'T1', found(pair, 'ticket', tomorrow))).toMatchObject({
      answer: { result: 'wrong-departure', departure: tomorrow },
    });
    expect(decideScan({ ...crew, staff: { role: 'crew' } }, 'T1', found(pair, 'ticket', tomorrow))).toMatchObject({
      answer: { result: 'not-today' },
    });
  });

  it('refuses a cancelled or refunded booking before saying it is elsewhere', () => {
    const cancelled = [ticket('T1', 'R1', { status: 'cancelled' })];
    expect(decideScan(crew, 'T1', found(cancelled, 'ticket'))).toMatchObject({
      answer: { result: 'cancelled', reason: 'cancelled' },
    });
    expect(decideScan(office, 'T1', found(cancelled, 'ticket', tomorrow))).toMatchObject({
      answer: { result: 'cancelled', reason: 'cancelled' },
    });
    const refunded = [ticket('T1', 'R1', { status: 'refunded' })];
    expect(decideScan(crew, 'R1', found(refunded, 'booking'))).toMatchObject({
      answer: { result: 'cancelled', scanned: 'booking', reason: 'refunded' },
    });
  });

  it('refuses every ticket of a cancelled departure', () => {
    expect(decideScan(crew, 'T1', found(pair, 'ticket', { ...departure, status: 'cancelled' }))).toMatchObject({
      answer: { result: 'cancelled', reason: 'departureCancelled' },
    });
  });

  it('never boards a ticket replaced after a move, but boards its booking’s new tickets', () => {
    const moved = [ticket('OLD1', 'R1', { voided: true }), ticket('OLD2', 'R1', { voided: true }), ...pair];
    expect(decideScan(crew, 'OLD1', found(moved, 'ticket'))).toMatchObject({
      answer: { result: 'replaced', scanned: 'ticket', departure: { id: 7 }, booking: { reference: 'R1' } },
    });
    expect(decideScan(crew, 'T1', found(moved, 'ticket'))).toEqual({ board: ['T1'] });
    expect(decideScan(crew, 'R1', found(moved, 'booking'))).toEqual({ board: ['T1', 'T2'] });
    expect(decideScan(crew, 'R1', found(moved, 'booking'), ['OLD1'])).toEqual({
      answer: { result: 'unknown', code: 'R1' },
    });
  });

  it('says an old ticket scanned at its old departure was replaced, and where its passenger sails now', () => {
    const moved = [ticket('OLD1', 'R1', { voided: true }), ...pair];
    // Scanned at 10:30 (departure 7), the booking now sails at 18:00 today: named in full.
    expect(decideScan(crew, 'OLD1', found(moved, 'ticket', laterToday))).toEqual({
      answer: {
        result: 'replaced',
        scanned: 'ticket',
        departure: laterToday,
        booking: { reference: 'R1', leadName: 'Lead R1', tickets: expect.any(Array) },
      },
    });
    // Moved to tomorrow: the crew learn where, not who (as for "not today"); the office both.
    expect(decideScan(crew, 'OLD1', found(moved, 'ticket', tomorrow))).toEqual({
      answer: { result: 'replaced', scanned: 'ticket', departure: tomorrow },
    });
    expect(decideScan(office, 'OLD1', found(moved, 'ticket', tomorrow))).toMatchObject({
      answer: { result: 'replaced', departure: tomorrow, booking: { reference: 'R1' } },
    });
    // The new ticket at the old departure is, as before, on the wrong departure.
    expect(decideScan(crew, 'T1', found(moved, 'ticket', laterToday))).toMatchObject({
      answer: { result: 'wrong-departure', departure: laterToday },
    });
  });

  it('calls a voided ticket of a cancelled booking cancelled, not replaced', () => {
    const cancelled = [ticket('OLD1', 'R1', { voided: true, status: 'cancelled' })];
    expect(decideScan(crew, 'OLD1', found(cancelled, 'ticket', laterToday))).toMatchObject({
      answer: { result: 'cancelled', reason: 'cancelled' },
    });
    const allVoided = [ticket('OLD1', 'R1', { voided: true })];
    expect(decideScan(crew, 'OLD1', found(allVoided, 'ticket'))).toMatchObject({
      answer: { result: 'cancelled', reason: 'voided' },
    });
  });

  it('reads a list stored before cancelled tickets carried their reason as a cancelled booking', () => {
    const { reason: _reason, ...old } = ticket('T1', 'R1', { status: 'refunded' });
    expect(decideScan(crew, 'T1', found([old], 'ticket'))).toMatchObject({
      answer: { result: 'cancelled', reason: 'cancelled' },
    });
  });
});

describe('answering offline from the phone’s list', () => {
  const at = '2031-07-15T08:20:00.000Z';
  const earlier = '2031-07-15T08:05:00.000Z';
  const earliest = '2031-07-15T08:01:00.000Z';

  it('boards a ticket in the list and queues it with the moment it was scanned', () => {
    const manifest = { departure, tickets: [ticket('T1', 'R1'), ticket('T2', 'R1'), ticket('T3', 'R2')] };
    const offline = scanOffline(manifest, { raw: ' t2 ', staff: marta, at });
    expect(offline.answer).toEqual({
      result: 'boarded',
      scanned: 'ticket',
      booking: {
        reference: 'R1',
        leadName: 'Lead R1',
        tickets: [
          { code: 'T1', category: 'adult', checkedInAt: null, checkedInBy: null, checkedInById: null },
          { code: 'T2', category: 'adult', checkedInAt: at, checkedInBy: 'Marta Vidal', checkedInById: 1 },
        ],
      },
      boarded: [{ code: 'T2', category: 'adult' }],
      at,
      alreadyBoarded: [],
    });
    expect(offline.queued).toEqual({ code: 'T2', scannedAt: at });
    expect(offline.tickets.map((t) => [t.code, t.state])).toEqual([
      ['T1', 'valid'],
      ['T2', 'boarded'],
      ['T3', 'valid'],
    ]);
    // The list given is not changed: the caller stores the new one.
    expect(manifest.tickets[1]!.state).toBe('valid');
  });

  it('boards the rest of a booking, queued with the tickets it boarded, and says who was on board before', () => {
    const manifest = {
      departure,
      tickets: [ticket('T1', 'R1', { boardedAt: earlier }), ticket('T2', 'R1'), ticket('T3', 'R1')],
    };
    const offline = scanOffline(manifest, { raw: 'r1', staff: marta, at });
    expect(offline.answer).toMatchObject({
      result: 'boarded',
      scanned: 'booking',
      boarded: [
        { code: 'T2', category: 'adult' },
        { code: 'T3', category: 'adult' },
      ],
      alreadyBoarded: [{ code: 'T1', checkedInAt: earlier }],
    });
    expect(offline.queued).toEqual({ code: 'R1', tickets: ['T2', 'T3'], scannedAt: at });

    const chosen = scanOffline(manifest, { raw: 'R1', chosen: ['T3'], staff: marta, at });
    expect(chosen.queued).toEqual({ code: 'R1', tickets: ['T3'], scannedAt: at });
    expect(chosen.tickets.map((t) => t.state)).toEqual(['boarded', 'valid', 'boarded']);
  });

  it('says when the first of them was boarded and queues nothing when all are on board', () => {
    const manifest = {
      departure,
      tickets: [
        ticket('T1', 'R1', { boardedAt: earlier, by: [2, 'Pau Serra'] }),
        ticket('T2', 'R1', { boardedAt: earliest, by: [3, 'Laia Font'] }),
      ],
    };
    const offline = scanOffline(manifest, { raw: 'R1', staff: marta, at });
    expect(offline.answer).toMatchObject({ result: 'already-boarded', at: earliest, by: 'Laia Font' });
    expect(offline.queued).toBeNull();
    expect(offline.tickets).toEqual(manifest.tickets);
  });

  it('refuses what the server refuses, and knows nothing of codes not on its list', () => {
    const moved = {
      departure,
      tickets: [
        ticket('OLD1', 'R1', { voided: true }),
        ticket('T1', 'R1'),
        ticket('C1', 'R2', { status: 'cancelled' }),
      ],
    };
    // The old tickets come first in a moved booking's list: they do not make the new ones cancelled.
    expect(scanOffline(moved, { raw: 'T1', staff: marta, at }).answer).toMatchObject({ result: 'boarded' });
    expect(scanOffline(moved, { raw: 'R1', staff: marta, at }).answer).toMatchObject({
      result: 'boarded',
      boarded: [{ code: 'T1' }],
    });
    const voided = scanOffline(moved, { raw: 'OLD1', staff: marta, at });
    expect(voided).toMatchObject({ answer: { result: 'replaced', departure: { id: 7 } }, queued: null });
    expect(scanOffline(moved, { raw: 'C1', staff: marta, at }).answer).toMatchObject({
      result: 'cancelled',
      reason: 'cancelled',
    });
    expect(scanOffline(moved, { raw: 'ELSEWHERE', staff: marta, at })).toEqual({
      answer: { result: 'unknown', code: 'ELSEWHERE' },
      tickets: moved.tickets,
      queued: null,
    });
    const cancelledDeparture = { ...moved, departure: { ...departure, status: 'cancelled' } };
    expect(scanOffline(cancelledDeparture, { raw: 'T1', staff: marta, at })).toMatchObject({
      answer: { result: 'cancelled', reason: 'departureCancelled' },
      queued: null,
    });
  });
});

describe('a ticket of a booking that moved away, offline', () => {
  const at = '2031-07-15T08:20:00.000Z';
  // R1 sailed at 10:30 (departure 7) and moved: its old tickets are voided, its new ones sail elsewhere.
  const movedTo = (on: DepartureSummary) => ({
    reference: 'R1',
    leadName: 'Lead R1',
    departureId: on.id,
    departure: on,
    tickets: [ticket('OLD1', 'R1', { voided: true }), ticket('NEW1', 'R1')],
  });

  it('answers "replaced" from the list the phone downloaded, as the server does online', () => {
    for (const on of [laterToday, tomorrow]) {
      const online = decideScan(crew, 'OLD1', { ...movedTo(on), scanned: 'ticket' });
      const manifest = { departure, tickets: [ticket('T1', 'R2')], replaced: replacedTickets(crew, [movedTo(on)]) };
      const offline = scanOffline(manifest, { raw: ' old1 ', staff: marta, at });
      expect(offline).toEqual({
        answer: (online as { answer: ScanAnswer }).answer,
        tickets: manifest.tickets,
        queued: null,
      });
      expect(offline.answer).toMatchObject({ result: 'replaced', departure: { id: on.id } });
    }
    // Moved to another day: the crew's phone keeps where, never who (as the online answer).
    expect(replacedTickets(crew, [movedTo(tomorrow)])).toEqual([
      { code: 'OLD1', answer: { result: 'replaced', scanned: 'ticket', departure: tomorrow } },
    ]);
  });

  it('keeps only old tickets whose scan says "replaced": not new ones, nor a cancelled booking’s', () => {
    const cancelled = {
      ...movedTo(laterToday),
      reference: 'R3',
      tickets: [ticket('OLD3', 'R3', { voided: true, status: 'cancelled' })],
    };
    const backHere = movedTo(departure);
    expect(replacedTickets(crew, [movedTo(laterToday), cancelled, backHere]).map((t) => t.code)).toEqual(['OLD1']);
  });

  it('says "unknown" for a list stored before replaced tickets were sent, as before', () => {
    const manifest = { departure, tickets: [ticket('T1', 'R2')] };
    expect(scanOffline(manifest, { raw: 'OLD1', staff: marta, at }).answer).toEqual({
      result: 'unknown',
      code: 'OLD1',
    });
  });
});

describe('short codes typed off the screen', () => {
  const list = [
    ticket('AAAAAAAAAAAAAAAAAAK7Q2M9', 'REFAAAAAAAAAAAGRP234'),
    ticket('AAAAAAAAAAAAAAAAAAZZZZZ1', 'REFAAAAAAAAAAAGRP234'),
    ticket('BBBBBBBBBBBBBBBBBBCCCCCC', 'REFBBBBBBBBBBBBXY777'),
    ticket('CCCCCCCCCCCCCCCCCCCCCCCC', 'REFCCCCCCCCCCCBXY777'),
  ];
  const manifest = { departure, tickets: list };

  it('stand for the one ticket or booking on this departure whose code ends so', () => {
    expect(expandShortCode(list, 'K7Q2M9')).toBe('AAAAAAAAAAAAAAAAAAK7Q2M9');
    expect(expandShortCode(list, 'GRP234')).toBe('REFAAAAAAAAAAAGRP234');
    expect(fullCode(list, normalizeCode('grp-234'))).toBe('REFAAAAAAAAAAAGRP234');
  });

  it('stand for nothing when two codes end alike, or when they are not six characters', () => {
    expect(expandShortCode(list, 'XY777')).toBeNull();
    expect(expandShortCode(list, 'BXY777')).toBeNull();
    expect(expandShortCode(list, 'CCCCCC')).toBeNull();
    expect(expandShortCode(list, 'QQQQQQ')).toBeNull();
    expect(fullCode(list, 'QQQQQQ')).toBe('QQQQQQ');
    expect(fullCode(list, 'Q7Q2M9'.slice(1))).toBe('7Q2M9');
  });

  it('board offline like the full code, queued under the full code', () => {
    const group = scanOffline(manifest, { raw: 'grp234', staff: marta, at: '2031-07-15T08:01:00Z' });
    expect(group.answer).toMatchObject({ result: 'boarded', scanned: 'booking', boarded: [{}, {}] });
    expect(group.queued).toMatchObject({ code: 'REFAAAAAAAAAAAGRP234' });
    const one = scanOffline(manifest, { raw: 'k7q2m9', staff: marta, at: '2031-07-15T08:01:00Z' });
    expect(one.answer).toMatchObject({ result: 'boarded', scanned: 'ticket', boarded: [{ code: list[0]!.code }] });
    expect(one.queued).toEqual({ code: 'AAAAAAAAAAAAAAAAAAK7Q2M9', scannedAt: '2031-07-15T08:01:00Z' });
  });
});

describe('the same scan again on this phone', () => {
  const boarded = { answer: 'boarded' };

  it('shows the answer it gave while the window lasts, for the same departure, code and choice', () => {
    const key = scanKey(7, 'k7q2-m9');
    const last = { key, at: 1_000, shown: boarded };
    expect(scanKey(7, 'K7Q2M9')).toBe(key);
    expect(repeatedAnswer(last, key, 1_000 + 3_000)).toBe(boarded);
    expect(repeatedAnswer(last, key, 1_000 + REPEAT_SCAN_MS - 1)).toBe(boarded);
  });

  it('asks anew after the window, for another code, departure or choice, or with nothing shown', () => {
    const key = scanKey(7, 'R1', ['T2', 'T1']);
    const last = { key, at: 1_000, shown: boarded };
    expect(scanKey(7, 'R1', ['t1', 't2'])).toBe(key);
    expect(repeatedAnswer(last, key, 1_000 + REPEAT_SCAN_MS)).toBeNull();
    expect(repeatedAnswer(last, scanKey(7, 'R1', ['T1']), 2_000)).toBeNull();
    expect(repeatedAnswer(last, scanKey(7, 'R1'), 2_000)).toBeNull();
    expect(repeatedAnswer(last, scanKey(8, 'R1', ['T1', 'T2']), 2_000)).toBeNull();
    expect(repeatedAnswer(null, key, 2_000)).toBeNull();
  });
});

describe('the server’s word over the phone’s', () => {
  const mine = '2031-07-15T08:20:00.000Z';
  const theirs = '2031-07-15T08:10:00.000Z';
  const booking = (tickets: BoardingListEntry[]) => ({
    reference: 'R1',
    leadName: 'Lead R1',
    tickets: tickets.map(({ code, category, checkedInAt, checkedInBy, checkedInById }) => ({
      code,
      category,
      checkedInAt,
      checkedInBy,
      checkedInById,
    })),
  });

  it('takes who boarded first and when from the server, for the tickets its answer names', () => {
    const list = [ticket('T1', 'R1', { boardedAt: mine, by: [1, 'Marta Vidal'] }), ticket('T2', 'R2')];
    const answer: ScanAnswer = {
      result: 'already-boarded',
      scanned: 'ticket',
      booking: booking([ticket('T1', 'R1', { boardedAt: theirs, by: [2, 'Pau Serra'] })]),
      at: theirs,
      by: 'Pau Serra',
    };
    expect(applyAnswer(list, answer)).toEqual([
      { ...list[0], checkedInAt: theirs, checkedInBy: 'Pau Serra', checkedInById: 2 },
      list[1],
    ]);
  });

  it('undoes a check-in the server refused, and stops a booking cancelled meanwhile', () => {
    const list = [ticket('T1', 'R1', { boardedAt: mine, by: [1, 'Marta Vidal'] }), ticket('T2', 'R1')];
    const cancelled: ScanAnswer = {
      result: 'cancelled',
      scanned: 'ticket',
      booking: booking([ticket('T1', 'R1'), ticket('T2', 'R1')]),
      reason: 'refunded',
    };
    expect(applyAnswer(list, cancelled).map((t) => [t.code, t.state, t.reason, t.checkedInAt])).toEqual([
      ['T1', 'cancelled', 'refunded', null],
      ['T2', 'cancelled', 'refunded', null],
    ]);
    const unknownNow: ScanAnswer = {
      result: 'already-boarded',
      scanned: 'booking',
      booking: booking([ticket('T1', 'R1'), ticket('T2', 'R1', { boardedAt: theirs })]),
      at: theirs,
      by: 'Pau Serra',
    };
    expect(applyAnswer(list, unknownNow).map((t) => [t.code, t.state])).toEqual([
      ['T1', 'valid'],
      ['T2', 'boarded'],
    ]);
  });

  it('leaves the list alone for answers about no booking of it', () => {
    const list = [ticket('T1', 'R1')];
    expect(applyAnswer(list, { result: 'unknown', code: 'X' })).toEqual(list);
    expect(applyAnswer(list, { result: 'not-today', scanned: 'ticket', departure: tomorrow })).toEqual(list);
    const elsewhere: ScanAnswer = {
      result: 'wrong-departure',
      scanned: 'ticket',
      booking: booking([ticket('T1', 'R1', { boardedAt: theirs })]),
      departure: tomorrow,
    };
    expect(applyAnswer(list, elsewhere)).toEqual(list);
    // A ticket voided stays so, whatever an answer says of its check-in.
    const voided = [ticket('OLD', 'R1', { voided: true })];
    const answer: ScanAnswer = {
      result: 'already-boarded',
      scanned: 'booking',
      booking: booking([ticket('OLD', 'R1', { boardedAt: theirs })]),
      at: theirs,
      by: 'Pau Serra',
    };
    expect(applyAnswer(voided, answer)[0]).toMatchObject({ state: 'cancelled', reason: 'voided' });
  });

  it('applies a sync’s answers in order', () => {
    const list = [ticket('T1', 'R1', { boardedAt: mine, by: [1, 'Marta Vidal'] })];
    const boarded = ticket('T1', 'R1', { boardedAt: mine, by: [1, 'Marta Vidal'] });
    const outcomes = [
      {
        code: 'T1',
        conflict: false,
        answer: {
          result: 'boarded',
          scanned: 'ticket',
          booking: booking([boarded]),
          boarded: [{ code: 'T1', category: 'adult' }],
          at: mine,
          alreadyBoarded: [],
        } satisfies ScanAnswer,
      },
    ];
    expect(applySync(list, outcomes)).toEqual(list);
    expect(applySync(list, [])).toEqual(list);
  });
});

describe('the offline queue', () => {
  it('keeps the check-ins made while a send was on its way', () => {
    const queue = [{ code: 'A' }, { code: 'B' }, { code: 'C' }];
    expect(afterSend(queue, 2)).toEqual([{ code: 'C' }]);
    expect(afterSend(queue, 3)).toEqual([]);
    expect(afterSend([], 0)).toEqual([]);
  });

  it('calls a conflict what the server decided otherwise, not the phone’s own check-in sent again', () => {
    const at = '2031-07-15T08:10:00.000Z';
    const already = (scanned: 'ticket' | 'booking', byIds: number[]): ScanAnswer => ({
      result: 'already-boarded',
      scanned,
      booking: {
        reference: 'R1',
        leadName: 'Lead R1',
        tickets: byIds.map((id, i) => ({
          code: `T${i + 1}`,
          category: 'adult',
          checkedInAt: at,
          checkedInBy: 'x',
          checkedInById: id,
        })),
      },
      at,
      by: 'x',
    });
    expect(isConflict(already('ticket', [1, 2]), { code: 't1' }, 1)).toBe(false);
    expect(isConflict(already('ticket', [1, 2]), { code: 'T2' }, 1)).toBe(true);
    expect(isConflict(already('booking', [1, 2]), { code: 'R1' }, 1)).toBe(true);
    expect(isConflict(already('booking', [1, 2]), { code: 'R1', tickets: ['t1'] }, 1)).toBe(false);
    expect(isConflict({ result: 'unknown', code: 'T1' }, { code: 'T1' }, 1)).toBe(true);
    expect(isConflict({ result: 'not-today', scanned: 'ticket', departure: tomorrow }, { code: 'T1' }, 1)).toBe(true);
  });
});
