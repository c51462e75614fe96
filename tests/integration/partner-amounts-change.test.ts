import { beforeAll, describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { addDays, madridToUtc, utcToMadrid } from '@/i18n/time';
import { invoiceDocument } from '@/invoicing/document';
import { judgeRecord, submissionFacts } from '@/invoicing/aeat-rules';
import { issuer } from '@/invoicing/config';
import { invoicesOfBooking, recordsOfInvoice } from '@/invoicing/ledger';
import { submissionXml } from '@/invoicing/record-xml';
import type { IssueRecord } from '@/invoicing/types';
import { validateAgainstAeatSchema } from '@/invoicing/xsd';
import { moveBooking } from '@/operations/booking-actions';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { ISSUER } from '../fixtures/invoicing-records';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { paidBooking, sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * A change that moves money between a combined tour's partner parts and leaves our share as it
 * was gets a document all the same (decision 186): a zero rectifying invoice whose content is the
 * amounts collected on the partners' behalf that changed. Before it, the booking's invoices kept
 * showing the old partner's amount, which the monthly settlement is reconciled against (the
 * invariant check after each test compares them with the admissions).
 */

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const noonIn = (days: number) => madridToUtc(addDays(utcToMadrid(new Date()).date, days), '12:00');

let aquarium: number;
let museum: number;
const aquariumName = `Aquàrium ${Date.now()}`;
const museumName = `Museu Marítim ${Date.now()}`;
/** Adult 40.00 €: the boat 16.00 €, the Aquarium 18.00 €, the Museum 6.00 €. */
let aquariumTour: { tourId: number; boatId: number };
/** Adult 24.00 €: the same boat part, 16.00 €, and the Museum's 8.00 €. */
let museumTour: { tourId: number; boatId: number };
/** Adult 16.00 €: the boat part alone. */
let boatOnly: { tourId: number; boatId: number };

beforeAll(async () => {
  aquarium = await makePartner(payload, { validity: 'tripDay' }, { name: aquariumName });
  museum = await makePartner(payload, { validity: 'daysAfter', validityDays: 7 }, { name: museumName });
  aquariumTour = await makeTour(payload, {
    menuKey: 'aquarium',
    roundTrip: { adult: 4000, reduced: 3500, child: 2500 },
  });
  await combineTour(payload, aquariumTour.tourId, [
    { partnerId: aquarium, adult: 1800, reduced: 1500, child: 1200 },
    { partnerId: museum, adult: 600, reduced: 600, child: 400 },
  ]);
  museumTour = await makeTour(payload, { menuKey: 'museum', roundTrip: { adult: 2400, reduced: 2000, child: 1500 } });
  await combineTour(payload, museumTour.tourId, [{ partnerId: museum, adult: 800, reduced: 600, child: 500 }]);
  boatOnly = await makeTour(payload, { menuKey: 'americas', roundTrip: { adult: 1600, reduced: 1400, child: 1000 } });
});

async function recordOf(invoiceId: number): Promise<IssueRecord> {
  const [stored] = await recordsOfInvoice(shopDb(payload), invoiceId);
  return stored!.record as IssueRecord;
}

describe(`a change of partner parts alone is documented, on ${testDatabaseKind} (issue 44, decision 186)`, () => {
  it('a move to a tour with the same boat part and another partner: a zero R5 restating what is collected for each partner', async () => {
    const from = await addDeparture(payload, aquariumTour, { startsAt: noonIn(3) });
    const to = await addDeparture(payload, museumTour, { startsAt: noonIn(4) });
    const paid = await paidBooking(payload, from, { adults: 2, locale: 'fr' });
    expect(paid.totalCents).toBe(8000);

    const moved = await moveBooking(
      payload,
      { reference: paid.reference, departureId: to, by: 'user:1' },
      { provider },
    );
    expect(moved).toMatchObject({ ok: true, differenceCents: -3200 });

    const [sale, restatement, ...more] = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ type: 'F2', totalCents: 3200 });
    expect(sale!.thirdParty).toMatchObject([
      { partner: aquariumName, cents: 3600 },
      { partner: museumName, cents: 1200 },
    ]);
    // Our service and its VAT are as they were: a rectification by differences of zero that
    // names the invoice it rectifies; the Aquarium's 36.00 € are given back, the Museum's part is
    // now 16.00 € (+4.00 €).
    expect(restatement).toMatchObject({ type: 'R5', totalCents: 0, vatCents: 0, reason: 'thirdParty' });
    expect(restatement!.correctsInvoiceId).toBe(sale!.id);
    expect(restatement!.vat).toEqual([{ ratePct: 10, grossCents: 0, baseCents: 0, vatCents: 0 }]);
    expect(restatement!.lines).toEqual([
      { item: 'thirdPartyChange', quantity: 1, unitCents: 0, totalCents: 0, ratePct: 10 },
    ]);
    expect(restatement!.thirdParty).toEqual([
      expect.objectContaining({ partner: aquariumName, cents: -3600 }),
      expect.objectContaining({ partner: museumName, cents: 400 }),
    ]);

    // The record the AEAT receives: a rectification by differences (I) of the F2, zero amounts,
    // valid against the AEAT's schema.
    const record = await recordOf(restatement!.id);
    expect(record).toMatchObject({
      type: 'R5',
      rectificationKind: 'I',
      total: '0.00',
      vatTotal: '0.00',
      breakdown: [{ ratePct: '10.00', base: '0.00', vat: '0.00' }],
      corrects: [{ seriesNumber: sale!.seriesNumber }],
      description: `Rectificación de importes cobrados por cuenta de terceros, reserva ${paid.reference}`,
    });
    const xml = submissionXml(issuer(), [record]);
    expect(await validateAgainstAeatSchema(xml)).toEqual({ valid: true, errors: [] });
    // The AEAT's business rules as our stand-in applies them: Correcto (no code).
    const facts = submissionFacts(xml)!;
    expect(
      judgeRecord(facts.records[0]!, {
        now: new Date(Date.parse(restatement!.issuedAt.toISOString()) + 5_000),
        headerNif: issuer().nif,
        incident: false,
        last: record.previous,
        held: undefined,
      }),
    ).toBeNull();

    // What the visitor reads, in French: the change only, and what was paid in all (−32.00 €).
    const document = invoiceDocument({
      invoice: restatement!,
      issuer: ISSUER,
      booking: { reference: paid.reference },
      corrects: [sale!],
      qrMode: { verifactu: true, environment: 'test' },
    });
    expect(document.table.rows).toEqual([
      expect.objectContaining({
        description:
          'Modification des seuls montants encaissés pour le compte de tiers (notre prestation ne change pas)',
        unitPrice: '',
        amount: '0,00\u00a0€',
      }),
    ]);
    expect(document.thirdParty!.rows.map((row) => row.amount)).toEqual(['-36,00\u00a0€', '4,00\u00a0€']);
    // Money going back to the visitor is said so, not written as a payment of minus 32 euros.
    expect(document.thirdParty!.grandTotal).toEqual({ label: 'Total remboursé', value: '32,00\u00a0€' });
  });

  it('a move to the boat trip alone, giving back exactly the partner parts: a zero R5 giving back what was collected for them', async () => {
    const from = await addDeparture(payload, aquariumTour, { startsAt: noonIn(5) });
    const to = await addDeparture(payload, boatOnly, { startsAt: noonIn(5) });
    const paid = await paidBooking(payload, from, { adults: 1 });

    const moved = await moveBooking(
      payload,
      { reference: paid.reference, departureId: to, by: 'user:1' },
      { provider },
    );
    expect(moved).toMatchObject({ ok: true, differenceCents: -2400 });

    const [sale, restatement, ...more] = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ type: 'F2', totalCents: 1600 });
    expect(restatement).toMatchObject({ type: 'R5', totalCents: 0, reason: 'thirdParty' });
    expect(restatement!.thirdParty).toEqual([
      expect.objectContaining({ partner: aquariumName, cents: -1800 }),
      expect.objectContaining({ partner: museumName, cents: -600 }),
    ]);
  });

  it('a move back and forth documents each change, and a move that changes nothing documents nothing', async () => {
    const first = await addDeparture(payload, aquariumTour, { startsAt: noonIn(6) });
    const second = await addDeparture(payload, museumTour, { startsAt: noonIn(6) });
    const third = await addDeparture(payload, museumTour, { startsAt: noonIn(7) });
    const paid = await paidBooking(payload, first, { adults: 1 });
    expect(
      await moveBooking(payload, { reference: paid.reference, departureId: second, by: 'user:1' }, { provider }),
    ).toMatchObject({ ok: true });
    expect(
      await moveBooking(payload, { reference: paid.reference, departureId: third, by: 'user:1' }, { provider }),
    ).toMatchObject({ ok: true, differenceCents: 0 });
    const invoices = await invoicesOfBooking(shopDb(payload), paid.bookingId);
    expect(invoices.map((invoice) => [invoice.type, invoice.totalCents, invoice.reason])).toEqual([
      ['F2', 1600, 'sale'],
      ['R5', 0, 'thirdParty'],
    ]);
  });
});
