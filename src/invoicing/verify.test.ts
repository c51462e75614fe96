import { describe, expect, it } from 'vitest';

import { ISSUER, SYSTEM } from '../../tests/fixtures/invoicing-records';
import { aeatDate, centsToAmount, madridTimestamp } from './amounts';
import { recordHuella } from './huella';
import type { IssueRecord } from './types';
import { breakdownLines, vatBreakdown } from './vat';
import { altaProblem, invoiceFiguresProblem, type InvoiceColumns } from './verify';

// The two pure checks of `npm run invoices:verify` (decision 163): an invoice's own figures, and an
// alta record against its invoice. The database side is tests/integration/invoicing-verify.test.ts.

const issuedAt = new Date('2027-03-04T10:00:00Z');
const lines = [
  { item: 'adult', quantity: 3, unitCents: 1_500, totalCents: 4_500, ratePct: 10 },
  { item: 'audioGuide', quantity: 1, unitCents: 333, totalCents: 333, ratePct: 21 },
];
const breakdown = vatBreakdown(lines.map((line) => ({ grossCents: line.totalCents, ratePct: line.ratePct })));

function invoice(overrides: Partial<InvoiceColumns> = {}): InvoiceColumns {
  return {
    id: 1,
    series: 'W2027',
    number: 12,
    seriesNumber: 'W2027-000012',
    type: 'F1',
    issuedAt,
    issueDate: aeatDate(issuedAt),
    totalCents: breakdown.grossCents,
    vatCents: breakdown.vatCents,
    breakdown: JSON.stringify(breakdown.groups),
    lines: JSON.stringify(lines),
    recipient: JSON.stringify({ name: 'Escola del Mar SL', nif: 'B12345674' }),
    ...overrides,
  };
}

function alta(overrides: Partial<IssueRecord> = {}): IssueRecord {
  const record: IssueRecord = {
    kind: 'alta',
    invoice: { issuerNif: ISSUER.nif, seriesNumber: 'W2027-000012', issueDate: aeatDate(issuedAt) },
    issuerName: ISSUER.name,
    type: 'F1',
    description: 'Billetes de barco, reserva ABC123',
    recipients: [{ name: 'Escola del Mar SL', nif: 'B12345674' }],
    breakdown: breakdownLines(breakdown),
    vatTotal: centsToAmount(breakdown.vatCents),
    total: centsToAmount(breakdown.grossCents),
    previous: null,
    system: SYSTEM,
    generatedAt: madridTimestamp(issuedAt),
    huella: '',
    ...overrides,
  };
  return { ...record, huella: recordHuella(record) };
}

const groups = breakdown.groups;
const withGroups = (changed: typeof groups) => invoice({ breakdown: JSON.stringify(changed) });

describe("an invoice's own figures", () => {
  it('hold as the ledger writes them', () => {
    expect(invoiceFiguresProblem(invoice())).toBeNull();
  });

  it.each([
    ['number', invoice({ seriesNumber: 'W2027-000013' })],
    ['date', invoice({ issueDate: '05-03-2027' })],
    // Base + VAT no longer the gross of its rate.
    ['breakdown', withGroups([{ ...groups[0]!, baseCents: groups[0]!.baseCents + 1 }, groups[1]!])],
    // A cent of VAT moved to the base: the group still adds up, but vat.ts's rounding gives another VAT.
    [
      'vat',
      withGroups([
        { ...groups[0]!, baseCents: groups[0]!.baseCents + 1, vatCents: groups[0]!.vatCents - 1 },
        groups[1]!,
      ]),
    ],
    ['total', invoice({ totalCents: breakdown.grossCents + 1 })],
    ['vat-total', invoice({ vatCents: breakdown.vatCents + 1 })],
    ['lines', invoice({ lines: JSON.stringify([lines[0]]) })],
    ['breakdown', withGroups([groups[0]!, groups[0]!, groups[1]!])],
  ])('names %s', (reason, changed) => {
    expect(invoiceFiguresProblem(changed)).toMatchObject({ reason });
  });
});

describe('an alta record against its invoice', () => {
  it('agrees as the ledger writes them', () => {
    expect(altaProblem(alta(), invoice())).toBeNull();
  });

  it.each([
    ['series-number', alta({ invoice: { ...alta().invoice, seriesNumber: 'W2027-000011' } })],
    ['issue-date', alta({ invoice: { ...alta().invoice, issueDate: '01-01-2027' } })],
    ['type', alta({ type: 'F2' })],
    ['total', alta({ total: '1.00' })],
    ['vat-total', alta({ vatTotal: '0.01' })],
    ['breakdown', alta({ breakdown: [breakdownLines(breakdown)[0]!] })],
    ['breakdown', alta({ breakdown: breakdownLines(breakdown).map((line) => ({ ...line, base: '0.01' })) })],
    ['recipient', alta({ recipients: [{ name: 'Someone Else SL', nif: 'B12345674' }] })],
    ['recipient', alta({ recipients: undefined })],
  ])('names %s', (reason, record) => {
    expect(altaProblem(record, invoice())).toMatchObject({ reason });
  });
});
