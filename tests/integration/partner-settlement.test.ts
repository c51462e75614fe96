import { beforeAll, describe, expect, it } from 'vitest';

import { GET as opsRoute } from '@/app/api/ops/partners/[id]/settlements/[file]/route';
import { GET as partnerRoute } from '@/app/api/partner/settlements/[file]/route';
import { cancelBooking } from '@/operations/booking-actions';
import { shopDb } from '@/booking/db';
import { madridToUtc } from '@/i18n/time';
import { sellAtBoxOffice } from '@/operations/box-office';
import { checkAdmission } from '@/operations/door';
import { partnerSettlement, settlementCsv } from '@/operations/partner-settlement';
import { SETTLEMENT_TEMPLATE, sendPartnerSettlements, settlementRef } from '@/operations/partner-settlement-mail';
import { admissionsOfBooking } from '@/partners/admissions-repository';
import { madridMonth, monthBounds, nextMonth } from '@/partners/settlement';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { expectAccessiblePdf } from '../fixtures/pdf-accessibility';
import { pdfTexts } from '../fixtures/pdf-text';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

const base = 'http://localhost:3111';
const tokens: Record<'office' | 'crew' | 'aquariumDoor' | 'otherDoor', { token: string; id: number }> = {
  office: { token: '', id: 0 },
  crew: { token: '', id: 0 },
  aquariumDoor: { token: '', id: 0 },
  otherDoor: { token: '', id: 0 },
};
let aquarium = 0;
let restaurant = 0;
let other = 0;
const stamp = Date.now();
const aquariumName = `Aquàrium ${stamp}`;
const restaurantName = `Trattoria ${stamp}`;
// The month of the sales below: the test's own, in Madrid.
const month = madridMonth(new Date());
let today = '';

async function user(key: keyof typeof tokens, role: string, partner?: number) {
  const email = `${key}-settle-${stamp}@example.com`;
  const password = `long enough ${key} settlement password 2026`;
  const created = await payload.create({
    collection: 'users',
    data: { email, password, role, name: `Staff ${key}`, language: 'ca', ...(partner ? { partner } : {}) } as never,
  });
  const login = await payload.login({ collection: 'users', data: { email, password } });
  tokens[key] = { token: login.token!, id: Number(created.id) };
}

const get = (path: string, key: keyof typeof tokens) =>
  new Request(`${base}${path}`, { headers: { Authorization: `JWT ${tokens[key].token}` } });
const opsGet = (id: number | string, file: string, key: keyof typeof tokens) =>
  opsRoute(get(`/api/ops/partners/${id}/settlements/${file}`, key), {
    params: Promise.resolve({ id: String(id), file }),
  });
const partnerGet = (file: string, key: keyof typeof tokens) =>
  partnerRoute(get(`/api/partner/settlements/${file}`, key), { params: Promise.resolve({ file }) });

async function sell(departureId: number, adult: number, child = 0) {
  const sold = await sellAtBoxOffice(payload, {
    departureId,
    selection: { tripType: 'roundTrip', adult, reduced: 0, child, super3: 0, audioGuides: 0 },
    customer: { name: 'Marta', surnames: 'Roig', email: '', phone: '', mobilePhone: '' },
    locale: 'ca',
    method: 'cash',
    by: 'user:1',
  });
  if (!sold.ok) throw new Error(`sale refused: ${sold.error}`);
  return sold;
}

/**
 * The month so far for two partners of one combined tour: the Aquarium (sold on its behalf, 10.00
 * per adult, 5.00 per child, settlement in French) and a restaurant (bought and resold, 80 % of
 * its part, 10 % VAT). One booking of 2 adults and a child, one adult used at the Aquarium's door;
 * another booking of 1 adult, cancelled with a full refund.
 */
beforeAll(async () => {
  aquarium = await makePartner(payload, { validity: 'tripDay' }, { name: aquariumName });
  await payload.update({ collection: 'partners', id: aquarium, data: { language: 'fr' } as never });
  restaurant = await makePartner(
    payload,
    { payment: 'share', sharePercent: 80, taxTreatment: 'resale', resaleVatRatePct: 10 },
    { name: restaurantName },
  );
  other = await makePartner(payload);
  const tour = await makeTour(payload, { menuKey: 'aquarium', roundTrip: { adult: 4000, reduced: 3500, child: 2500 } });
  await combineTour(payload, tour.tourId, [
    { partnerId: aquarium, adult: 1800, reduced: 1500, child: 1200 },
    { partnerId: restaurant, adult: 1000, reduced: 1000, child: 700 },
  ]);
  // Departing in an hour: the admissions are valid today, so the Aquarium's door can let one in.
  const departureId = await addDeparture(payload, tour, { startsAt: new Date(Date.now() + 3600_000) });
  const { rows } = await shopDb(payload).query('SELECT local_date FROM departures WHERE id = ?', [departureId]);
  today = String(rows[0]!.local_date);
  await user('office', 'office');
  await user('crew', 'crew');
  await user('aquariumDoor', 'partner', aquarium);
  await user('otherDoor', 'partner', other);

  const kept = await sell(departureId, 2, 1);
  const used = (await admissionsOfBooking(shopDb(payload), kept.bookingId)).find((a) => a.partnerId === aquarium)!;
  const door = await checkAdmission(payload, { code: used.code, partnerId: aquarium, staffId: tokens.aquariumDoor.id });
  expect(door.result).toBe('admitted');
  const cancelled = await sell(departureId, 1);
  await cancelBooking(
    payload,
    { reference: cancelled.reference, refund: 'full', reason: 'changed their mind', by: 'user:1' },
    { provider },
  );
});

describe('monthly settlement per partner (issue 44)', () => {
  it('counts the month: sold, used, voided, what we owe and what we transfer, matching our invoices', async () => {
    const settlement = (await partnerSettlement(payload, aquarium, month))!;
    // The days are the sales' own; a test run across Madrid midnight would split them.
    expect(settlement.rows.map((row) => row.day).every((day) => day === today)).toBe(true);
    expect(settlement.rows.map(({ day: _day, ...row }) => row)).toEqual([
      { category: 'adult', sold: 3, voided: 1, used: 1, unused: 0, partCents: 3600, owedCents: 2000 },
      { category: 'child', sold: 1, voided: 0, used: 0, unused: 0, partCents: 1200, owedCents: 500 },
    ]);
    expect(settlement.totals).toEqual({ sold: 4, voided: 1, used: 1, unused: 0, partCents: 4800, owedCents: 2500 });
    // Collected on its behalf per our invoices: 48.00 on the sale, 18.00 and −18.00 on the cancelled one.
    expect(settlement.agency).toEqual({
      collectedCents: 4800,
      admissionsCents: 4800,
      differenceCents: 0,
      commissionCents: 2300,
      transferCents: 2500,
    });
    expect(settlement.resale).toBeNull();
    expect(settlement.stillValid).toBe(2);

    const resold = (await partnerSettlement(payload, restaurant, month))!;
    expect(resold.totals).toEqual({ sold: 4, voided: 1, used: 0, unused: 0, partCents: 2700, owedCents: 2160 });
    expect(resold.agency).toBeNull();
    expect(resold.resale).toEqual({
      owedCents: 2160,
      byRate: [{ ratePct: 10, grossCents: 2160, baseCents: 1964, vatCents: 196 }],
    });
  });

  it('writes the CSV in the partner’s language, one line per day and ticket, totals last, safe to open', async () => {
    const response = await opsGet(aquarium, `${month}.csv`, 'office');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="settlement-${aquarium}-${month}.csv"`,
    );
    // UTF-8 with a BOM (Response.text() would drop it: the bytes are read).
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Jour,Billet,Vendues,Annulées,Utilisées,Non utilisées,Prix de la part,Dû',
      `${today},Adulte,3,1,1,0,36.00,20.00`,
      `${today},Enfant,1,0,0,0,12.00,5.00`,
      'Total,,4,1,1,0,48.00,25.00',
      '',
    ]);
    // The same document whoever downloads it: the office (Catalan) gets the partner's French.
    expect(csv).toBe(settlementCsv((await partnerSettlement(payload, aquarium, month))!));
  });

  it('prints the PDF, tagged, with the table and the reconciliation in the partner’s language', async () => {
    const response = await opsGet(aquarium, `${month}.pdf`, 'office');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    await expectAccessiblePdf(bytes);
    const text = (await pdfTexts(bytes)).flat();
    expect(text[0]).toMatch(new RegExp(`^Relevé d’${aquariumName}, `));
    expect(text).toEqual(expect.arrayContaining(['Jour', 'Adulte', 'Enfant', 'Total', '48,00 €', '25,00 €']));
    expect(text).toEqual(
      expect.arrayContaining([
        'Vendu en votre nom et pour votre compte',
        'Encaissé pour votre compte (nos factures)',
        'Notre commission (TVA comprise, facturée à part)',
        '23,00 €',
        'Nous vous virons',
      ]),
    );
    // The restaurant (Spanish): what it invoices us, base and VAT at 10 %.
    const resale = await opsGet(restaurant, `${month}.pdf`, 'office');
    const resaleText = (await pdfTexts(new Uint8Array(await resale.arrayBuffer()))).flat();
    expect(resaleText).toEqual(
      expect.arrayContaining(['Comprado a ti y revendido', 'Base imponible al 10 %', '19,64 €', '1,96 €', '21,60 €']),
    );
  });

  it('lets a partner’s staff download its own settlement only; the office any; the crew none', async () => {
    const own = await partnerGet(`${month}.csv`, 'aquariumDoor');
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('Total,,4,1,1,0,48.00,25.00');
    // Another partner's door gets its own partner's month: nothing of the Aquarium's.
    const theirs = await partnerGet(`${month}.csv`, 'otherDoor');
    expect(theirs.status).toBe(200);
    expect((await theirs.text()).split('\r\n').filter(Boolean)).toHaveLength(2);
    // The any-partner route is the office's.
    expect((await opsGet(aquarium, `${month}.csv`, 'aquariumDoor')).status).toBe(403);
    expect((await opsGet(aquarium, `${month}.csv`, 'crew')).status).toBe(403);
    expect((await partnerGet(`${month}.csv`, 'office')).status).toBe(403);
    expect((await opsGet(999_999, `${month}.csv`, 'office')).status).toBe(404);
    for (const file of ['2026-13.csv', `${month}.xls`, `${nextMonth(month)}.csv`, '..%2F.csv']) {
      const refused = await opsGet(aquarium, file, 'office');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: 'invalidMonth',
        message: expect.stringContaining('AAAA-MM'),
      });
    }
    expect((await opsRoute(new Request(`${base}/api/ops/partners/1/settlements/${month}.csv`))).status).toBe(401);
  });

  it('e-mails last month’s settlement on the 1st, once, even run twice and at once', async () => {
    // The 1st of next month, half an hour after Madrid midnight: this month is "last month".
    const firstOfNext = new Date(madridToUtc(`${nextMonth(month)}-01`, '00:30'));
    expect(monthBounds(month).end.getTime()).toBeLessThan(firstOfNext.getTime());
    const runs = await Promise.all([
      sendPartnerSettlements(payload, firstOfNext),
      sendPartnerSettlements(payload, firstOfNext),
    ]);
    const again = await sendPartnerSettlements(payload, new Date(firstOfNext.getTime() + 3600_000));
    expect(again.sent).toBe(0);
    for (const partnerId of [aquarium, restaurant]) {
      const { docs } = await payload.find({
        collection: 'email-log',
        where: { ref: { equals: settlementRef(partnerId, month) }, template: { equals: SETTLEMENT_TEMPLATE } },
        overrideAccess: true,
        depth: 0,
      });
      expect(docs).toHaveLength(1);
    }
    expect(runs[0]!.sent + runs[1]!.sent).toBeGreaterThanOrEqual(2);
    // The partner with no admissions gets nothing.
    const { totalDocs } = await payload.count({
      collection: 'email-log',
      where: { ref: { equals: settlementRef(other, month) } },
      overrideAccess: true,
    });
    expect(totalDocs).toBe(0);
    const { docs } = await payload.find({
      collection: 'email-log',
      where: { ref: { equals: settlementRef(aquarium, month) } },
      overrideAccess: true,
      depth: 0,
    });
    expect(docs[0]!.subject).toMatch(/^Relevé de /);
    expect(docs[0]!.text).toMatch(/- Nous vous virons\u202F: 25,00\s€/);
    // The queued delivery carries the PDF and the CSV.
    const { docs: jobs } = await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendEmail' } },
      overrideAccess: true,
      limit: 500,
      depth: 0,
    });
    const job = jobs.find((j) => (j.input as { logId?: string }).logId === String(docs[0]!.id));
    const attachments = (job!.input as { message: { attachments: { filename: string; contentType: string }[] } })
      .message.attachments;
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`settlement-${aquarium}-${month}.pdf`, 'application/pdf'],
      [`settlement-${aquarium}-${month}.csv`, 'text/csv'],
    ]);
    // A run that claimed the restaurant and died before queueing: a later run takes it over.
    const db = shopDb(payload);
    await db.query('DELETE FROM email_log WHERE ref = ?', [settlementRef(restaurant, month)]);
    await db.query('UPDATE partner_settlement_mailings SET email_log_id = NULL, claimed_at = ? WHERE partner_id = ?', [
      new Date(firstOfNext.getTime() - 60_000).toISOString(),
      restaurant,
    ]);
    // Claimed a minute ago: maybe still running elsewhere, left alone.
    expect((await sendPartnerSettlements(payload, firstOfNext)).sent).toBe(0);
    // Claimed 20 minutes ago and still without its e-mail: sent, once.
    const later = new Date(firstOfNext.getTime() + 20 * 60_000);
    const retaken = await Promise.all([sendPartnerSettlements(payload, later), sendPartnerSettlements(payload, later)]);
    expect(retaken[0]!.sent + retaken[1]!.sent).toBe(1);
    const { totalDocs: resent } = await payload.count({
      collection: 'email-log',
      where: { ref: { equals: settlementRef(restaurant, month) } },
      overrideAccess: true,
    });
    expect(resent).toBe(1);
    // Past the 7th it no longer sends a month late.
    const eighth = new Date(madridToUtc(`${nextMonth(month)}-08`, '09:00'));
    await shopDb(payload).query('DELETE FROM partner_settlement_mailings WHERE partner_id = ?', [restaurant]);
    expect((await sendPartnerSettlements(payload, eighth)).sent).toBe(0);
  });
});
