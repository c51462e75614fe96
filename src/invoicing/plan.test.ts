import { describe, expect, it } from 'vitest';

import { planInvoice, SIMPLIFIED_INVOICE_LIMIT_CENTS, splitByRate, type IssuedInvoice, type PlanInput } from './plan';

const base: PlanInput = {
  channel: 'web',
  heldCents: 4_300,
  issued: [],
  priced: [
    { item: 'adult', quantity: 2, unitCents: 1_500 },
    { item: 'child', quantity: 1, unitCents: 700 },
    { item: 'audioGuide', quantity: 2, unitCents: 300 },
  ],
  seats: 3,
  rates: { tickets: 10, audioGuide: 21 },
  recipient: null,
  simplifiedLimitCents: SIMPLIFIED_INVOICE_LIMIT_CENTS,
};

function issued(id: number, type: IssuedInvoice['type'], groups: [number, number][]): IssuedInvoice {
  return {
    id,
    type,
    totalCents: groups.reduce((sum, [, gross]) => sum + gross, 0),
    grossByRate: groups.map(([ratePct, grossCents]) => ({ ratePct, grossCents })),
  };
}

describe('planInvoice', () => {
  it('a web sale is a simplified invoice, one line per category, VAT per rate adding up to what was paid', () => {
    const plan = planInvoice(base)!;
    expect(plan.type).toBe('F2');
    expect(plan.lines.map((line) => [line.item, line.quantity, line.totalCents, line.ratePct])).toEqual([
      ['adult', 2, 3_000, 10],
      ['child', 1, 700, 10],
      ['audioGuide', 2, 600, 21],
    ]);
    expect(plan.totalCents).toBe(4_300);
    expect(plan.breakdown.groups).toEqual([
      { ratePct: 10, grossCents: 3_700, baseCents: 3_364, vatCents: 336 },
      { ratePct: 21, grossCents: 600, baseCents: 496, vatCents: 104 },
    ]);
  });

  it('a buyer with a tax id, or an amount above the legal limit, gets a full invoice', () => {
    const recipient = { name: 'Escola Mar', nif: 'B12345674' };
    expect(planInvoice({ ...base, recipient })!.type).toBe('F1');
    expect(planInvoice({ ...base, recipient })!.recipient).toEqual(recipient);
    expect(planInvoice({ ...base, heldCents: 4_300, simplifiedLimitCents: 4_299 })!.type).toBe('F1');
  });

  it('a price agreed otherwise (a reseller net) is invoiced as one tickets line for what was paid', () => {
    const plan = planInvoice({ ...base, heldCents: 3_900 })!;
    expect(plan.lines).toEqual([{ item: 'tickets', quantity: 3, unitCents: 1_300, totalCents: 3_900, ratePct: 10 }]);
  });

  it('nothing to issue when the invoices already add up (a second run issues nothing)', () => {
    expect(
      planInvoice({
        ...base,
        issued: [
          issued(1, 'F2', [
            [10, 3_700],
            [21, 600],
          ]),
        ],
      }),
    ).toBeNull();
  });

  it('a full refund of a simplified invoice is an R5 mirroring it, naming it', () => {
    const plan = planInvoice({
      ...base,
      heldCents: 0,
      issued: [
        issued(7, 'F2', [
          [10, 3_700],
          [21, 600],
        ]),
      ],
    })!;
    expect(plan.type).toBe('R5');
    expect(plan.rectifying).toBe(true);
    expect(plan.corrects).toEqual([7]);
    expect(plan.totalCents).toBe(-4_300);
    expect(plan.breakdown.groups).toEqual([
      { ratePct: 10, grossCents: -3_700, baseCents: -3_364, vatCents: -336 },
      { ratePct: 21, grossCents: -600, baseCents: -496, vatCents: -104 },
    ]);
  });

  it('a partial refund is spread over the rates in proportion, the rounding cent to the largest', () => {
    const plan = planInvoice({
      ...base,
      heldCents: 4_300 - 1_001,
      issued: [
        issued(7, 'F2', [
          [10, 3_700],
          [21, 600],
        ]),
      ],
    })!;
    expect(plan.totalCents).toBe(-1_001);
    expect(plan.lines.map((line) => [line.ratePct, line.totalCents])).toEqual([
      [10, -862],
      [21, -139],
    ]);
  });

  it('a refund of a full invoice is an R1; a dearer move adds an invoice of the sale kind for the difference', () => {
    const full = [issued(3, 'F1', [[10, 4_000]])];
    expect(planInvoice({ ...base, heldCents: 1_000, issued: full })!.type).toBe('R1');
    const topUp = planInvoice({ ...base, heldCents: 5_000, issued: [issued(3, 'F2', [[10, 4_000]])] })!;
    expect([topUp.type, topUp.totalCents, topUp.reason]).toEqual(['F2', 1_000, 'topUp']);
  });

  it('a buyer who gives a tax id after a simplified invoice gets an F3 replacing it (and its rectification)', () => {
    const recipient = { name: 'Escola Mar', nif: 'B12345674' };
    const history = [
      issued(1, 'F2', [
        [10, 3_700],
        [21, 600],
      ]),
      issued(2, 'R5', [[10, -1_000]]),
    ];
    const plan = planInvoice({ ...base, heldCents: 3_300, issued: history, recipient })!;
    expect([plan.type, plan.totalCents, plan.replaces, plan.recipient, plan.reason]).toEqual([
      'F3',
      3_300,
      [1, 2],
      recipient,
      'fullInvoice',
    ]);
    // Once issued, the F3 is the booking's invoice: nothing more is due, and a refund rectifies it (R1).
    const after = [...history, issued(3, 'F3', [[10, 3_300]])];
    expect(planInvoice({ ...base, heldCents: 3_300, issued: after, recipient })).toBeNull();
    expect(planInvoice({ ...base, heldCents: 0, issued: after, recipient })).toMatchObject({
      type: 'R1',
      totalCents: -3_300,
      corrects: [3],
    });
  });

  it('money given back that was never invoiced (before invoicing started) issues nothing', () => {
    expect(planInvoice({ ...base, heldCents: -2_000 })).toBeNull();
  });
});

describe('splitByRate', () => {
  it('keeps every cent: the parts add up to the amount, whatever the proportions', () => {
    for (let amount = -5_000; amount <= 5_000; amount += 37) {
      const lines = splitByRate(
        amount,
        new Map([
          [10, 3_333],
          [21, 1_111],
          [4, 7],
        ]),
        10,
      );
      expect(lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(amount);
    }
  });
});
