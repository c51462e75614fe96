import 'server-only';

import type { Payload } from 'payload';

import { cashUp, type CashUpLine } from '@/operations/box-office';
import { addDays, madridToUtc, type LocalDate } from '@/i18n/time';

import { staffNames } from './staff-names';

export type CashUpReport = {
  date: LocalDate;
  lines: (CashUpLine & { staffName: string })[];
  totals: { salesCents: number; refundsCents: number; netCents: number };
};

/** A Madrid day's cash-up with each staff member named as the office knows them. */
export async function cashUpReport(payload: Payload, date: LocalDate, staff?: string): Promise<CashUpReport> {
  const lines = await cashUp(payload, {
    from: madridToUtc(date, '00:00'),
    to: madridToUtc(addDays(date, 1), '00:00'),
    ...(staff ? { staff } : {}),
  });
  const names = await staffNames(
    payload,
    lines.map((line) => line.staff),
  );
  const salesCents = lines.reduce((sum, line) => sum + line.salesCents, 0);
  const refundsCents = lines.reduce((sum, line) => sum + line.refundsCents, 0);
  return {
    date,
    lines: lines.map((line) => ({ ...line, staffName: names.get(line.staff) ?? line.staff })),
    totals: { salesCents, refundsCents, netCents: salesCents - refundsCents },
  };
}
