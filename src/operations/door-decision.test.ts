import { describe, expect, it } from 'vitest';

import {
  applyDoorAnswers,
  checkOffline,
  doorDecision,
  findInDoorList,
  type DoorAdmission,
  type DoorList,
} from './door-decision';

const admission = (code: string, changes: Partial<DoorAdmission> = {}): DoorAdmission => ({
  code,
  partnerId: 7,
  category: 'adult',
  reference: 'GOL-ABC123',
  leadName: 'Núria Casals',
  validFrom: '2026-11-29',
  validUntil: '2026-11-29',
  usedAt: null,
  usedBy: null,
  voided: false,
  ...changes,
});

const list = (admissions: DoorAdmission[], date = '2026-11-29'): DoorList => ({
  partnerId: 7,
  date,
  admissions,
  fetchedAt: '2026-11-29T08:00:00.000Z',
});

const at = '2026-11-29T10:15:00.000Z';
const today = '2026-11-29';

describe('the partner’s door offline, from the day’s list it keeps', () => {
  it('finds a code as the server reads it: our codes in any case and spacing, supplied codes as typed', () => {
    const day = list([admission('ABCDEFGHJK23456789MN'), admission('MUS-0042-x')]);
    expect(findInDoorList(day, ' abcd efgh jk23 4567 89mn ')?.code).toBe('ABCDEFGHJK23456789MN');
    expect(findInDoorList(day, 'MUS-0042-x')?.code).toBe('MUS-0042-x');
    expect(findInDoorList(day, 'nothing')).toBeNull();
  });

  it('admits once: the admission is used in the list by this door, queued, and a second scan says already used', () => {
    const day = list([admission('ABCDEFGHJK23456789MN')]);
    const first = checkOffline(day, { raw: 'abcdefghjk23456789mn', today, at, staffName: 'Porta 1' });
    expect(first.answer.result).toBe('admitted');
    expect(first.queued).toEqual({ code: 'ABCDEFGHJK23456789MN' });
    expect(first.list.admissions[0]).toMatchObject({ usedAt: at, usedBy: 'Porta 1' });
    // The list it was given is not changed under the caller.
    expect(day.admissions[0]!.usedAt).toBeNull();

    const again = checkOffline(first.list, { raw: 'ABCDEFGHJK23456789MN', today, at, staffName: 'Porta 1' });
    expect(again.answer).toMatchObject({ result: 'already-used', at, by: 'Porta 1' });
    expect(again.queued).toBeNull();
  });

  it('answers cancelled, not valid today and unknown like the server, and queues none of them', () => {
    const day = list([
      admission('CANCELLED0000000000A', { voided: true }),
      admission('LATER000000000000000', { validFrom: '2026-11-30', validUntil: '2026-12-02' }),
    ]);
    for (const [raw, result] of [
      ['CANCELLED0000000000A', 'cancelled'],
      ['LATER000000000000000', 'not-valid-today'],
      ['NOT-ON-THE-LIST', 'unknown'],
    ] as const) {
      const offline = checkOffline(day, { raw, today, at, staffName: 'Porta 1' });
      expect(offline.answer.result, raw).toBe(result);
      expect(offline.queued, raw).toBeNull();
      expect(offline.list, raw).toBe(day);
    }
  });

  it('answers nothing from a list of another day: yesterday’s admissions are unknown today', () => {
    const yesterday = list(
      [admission('ABCDEFGHJK23456789MN', { validFrom: '2026-11-28', validUntil: '2026-11-29' })],
      '2026-11-28',
    );
    expect(checkOffline(yesterday, { raw: 'ABCDEFGHJK23456789MN', today, at, staffName: 'x' }).answer.result).toBe(
      'unknown',
    );
  });

  it('takes the server’s word once synced: who used it first, and what was cancelled meanwhile', () => {
    const day = list([
      admission('AAAAAAAAAAAAAAAAAAAA'),
      admission('BBBBBBBBBBBBBBBBBBBB'),
      admission('CCCCCCCCCCCCCCCCCCCC'),
    ]);
    const usedElsewhere = admission('AAAAAAAAAAAAAAAAAAAA', { usedAt: '2026-11-29T09:00:00.000Z', usedBy: 'Porta 2' });
    const voided = admission('BBBBBBBBBBBBBBBBBBBB', { voided: true });
    const next = applyDoorAnswers(
      day,
      [
        doorDecision(usedElsewhere, { code: usedElsewhere.code, partnerId: 7, today, now: at }),
        doorDecision(voided, { code: voided.code, partnerId: 7, today, now: at }),
        doorDecision(admission('CCCCCCCCCCCCCCCCCCCC'), { code: 'CCCCCCCCCCCCCCCCCCCC', partnerId: 7, today, now: at }),
        { result: 'unknown', code: 'ZZZ' },
      ],
      'Porta 1',
    );
    expect(next.admissions.map((a) => [a.code.slice(0, 1), a.usedAt, a.usedBy, a.voided])).toEqual([
      ['A', '2026-11-29T09:00:00.000Z', 'Porta 2', false],
      ['B', null, null, true],
      ['C', at, 'Porta 1', false],
    ]);
  });

  it('an admission of another partner is unknown at this door, even on its list', () => {
    const day = list([admission('ABCDEFGHJK23456789MN', { partnerId: 8 })]);
    expect(checkOffline(day, { raw: 'ABCDEFGHJK23456789MN', today, at, staffName: 'x' }).answer.result).toBe('unknown');
  });
});
