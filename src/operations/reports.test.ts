import { describe, expect, it } from 'vitest';

import { channelOf, plainEuros, reportRange } from './reports';

describe('reports', () => {
  it('a range is two real dates, the start first, at most 366 days both ends included', () => {
    expect(reportRange('2026-03-01', '2026-03-01')).toEqual({
      ok: true,
      range: { from: '2026-03-01', to: '2026-03-01' },
    });
    expect(reportRange('2025-01-01', '2026-01-01')).toMatchObject({ ok: true });
    expect(reportRange('2025-01-01', '2026-01-02')).toEqual({ ok: false, error: 'rangeTooLong' });
    expect(reportRange('2026-03-02', '2026-03-01')).toEqual({ ok: false, error: 'invalidRange' });
    expect(reportRange('2026-02-29', '2026-03-01')).toEqual({ ok: false, error: 'invalidRange' });
    expect(reportRange(null, '2026-03-01')).toEqual({ ok: false, error: 'invalidRange' });
  });

  it('an invoice is the agency whoever keyed it; staff took the rest; the gateway is the web', () => {
    expect(channelOf({ method: 'invoice', requestedBy: 'user:3' })).toBe('agency');
    expect(channelOf({ method: 'cash', requestedBy: 'user:3' })).toBe('boxOffice');
    expect(channelOf({ method: 'terminal', requestedBy: 'user:3' })).toBe('boxOffice');
    expect(channelOf({ method: 'card', requestedBy: 'visitor' })).toBe('web');
    expect(channelOf({ method: 'bizum', requestedBy: 'system' })).toBe('web');
    // A reseller's confirmation is on account too, but settled per reseller: its own channel.
    expect(channelOf({ method: 'invoice', requestedBy: 'reseller:4' })).toBe('reseller');
  });

  it('money for spreadsheets: a dot, two decimals, a minus sign, no currency', () => {
    expect(plainEuros(0)).toBe('0.00');
    expect(plainEuros(5)).toBe('0.05');
    expect(plainEuros(123456)).toBe('1234.56');
    expect(plainEuros(-1500)).toBe('-15.00');
  });
});
