import type { Payload } from 'payload';

import { defaultLocale, type Locale } from '../i18n/locales';
import { num, shopDb, str } from '../booking/db';
import { csvCell } from '../operations/manifest';
import { plainEuros, tourTitles } from '../operations/reports';
import { resellerNetCentsOf } from '../booking/reseller-net';
import { type BookingRow, resoldBookingsBetween } from '../booking/bookings-repository';

/**
 * A reseller's monthly statement: every booking it confirmed for a trip in that month (Madrid
 * calendar month of the departure), with what it owes us. By trip month rather than sale month
 * so a closed month's statement no longer changes: a booking can only be cancelled before it
 * sails. A cancelled booking stays on the statement with what it still owes (nothing after a
 * full refund), so the reseller sees why a booking it sold is not charged.
 */

export type StatementMonth = `${number}-${number}`;

export function isStatementMonth(value: unknown): value is StatementMonth {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value)) return false;
  const month = Number(value.slice(5));
  return month >= 1 && month <= 12;
}

export type StatementLine = {
  date: string;
  time: string;
  reference: string;
  resellerReference: string | null;
  tour: string;
  units: number;
  status: BookingRow['status'];
  /** What the reseller keeps owing at our price: paid on account minus what went back. */
  retailCents: number;
  commissionCents: number;
  netCents: number;
};

export type ResellerStatement = {
  reseller: { id: number; name: string };
  month: StatementMonth;
  lines: StatementLine[];
  totals: { bookings: number; units: number; retailCents: number; commissionCents: number; netCents: number };
};

export async function resellerStatement(
  payload: Payload,
  input: { resellerId: number; month: StatementMonth; locale?: Locale },
): Promise<ResellerStatement | null> {
  const db = shopDb(payload);
  const { rows: found } = await db.query('SELECT id, name, commission_percent FROM resellers WHERE id = ?', [
    input.resellerId,
  ]);
  if (!found[0]) return null;
  const commissionPercent = num(found[0].commission_percent ?? 0);
  // Confirmed at some point (paid_at): holds that expired or were let go were never sold.
  const rows = await resoldBookingsBetween(db, input.resellerId, {
    from: `${input.month}-01`,
    to: `${input.month}-31`,
  });
  const titles = await tourTitles(payload, [...new Set(rows.map((row) => row.tourId))], input.locale ?? defaultLocale);
  const lines = rows.map((row): StatementLine => {
    const retailCents = row.paidCents - row.refundedCents;
    // What it owed when it was sold (kept on the booking: net rates or commission), so a later
    // change of the reseller's terms leaves past statements as they were.
    const kept = {
      reseller_net_cents: row.resellerNetCents,
      reseller_commission_percent: row.resellerCommissionPercent,
    };
    const netCents = resellerNetCentsOf(kept, row.paidCents, retailCents, commissionPercent);
    return {
      date: row.localDate,
      time: row.localTime,
      reference: row.reference,
      resellerReference: row.resellerReference,
      tour: titles.get(row.tourId) ?? `#${row.tourId}`,
      units: row.seats,
      status: row.status,
      retailCents,
      commissionCents: retailCents - netCents,
      netCents,
    };
  });
  const sum = (pick: (line: StatementLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    reseller: { id: input.resellerId, name: str(found[0].name) },
    month: input.month,
    lines,
    totals: {
      bookings: lines.length,
      // People who sail on the reseller's account: a cancelled booking's are not.
      units: sum((line) => (line.status === 'cancelled' ? 0 : line.units)),
      retailCents: sum((line) => line.retailCents),
      commissionCents: sum((line) => line.commissionCents),
      netCents: sum((line) => line.netCents),
    },
  };
}

export type StatementCsvLabels = {
  date: string;
  reference: string;
  resellerReference: string;
  tour: string;
  units: string;
  retail: string;
  commission: string;
  net: string;
  status: string;
  total: string;
  statuses: Record<BookingRow['status'], string>;
};

/** Same shape as the other staff CSVs: UTF-8 with BOM, CRLF, plain `12.50` amounts, totals last. */
export function statementCsv(statement: ResellerStatement, labels: StatementCsvLabels): string {
  const header = [
    labels.date,
    labels.reference,
    labels.resellerReference,
    labels.tour,
    labels.units,
    labels.retail,
    labels.commission,
    labels.net,
    labels.status,
  ];
  const lines = [header.map((label) => csvCell(label)).join(',')];
  for (const line of statement.lines) {
    lines.push(
      [
        line.date,
        csvCell(line.reference),
        csvCell(line.resellerReference ?? ''),
        csvCell(line.tour),
        line.units,
        plainEuros(line.retailCents),
        plainEuros(line.commissionCents),
        plainEuros(line.netCents),
        csvCell(labels.statuses[line.status]),
      ].join(','),
    );
  }
  const { totals } = statement;
  lines.push(
    [
      csvCell(labels.total),
      '',
      '',
      '',
      totals.units,
      plainEuros(totals.retailCents),
      plainEuros(totals.commissionCents),
      plainEuros(totals.netCents),
      '',
    ].join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
