import { zAvailability, zBooking, zProduct } from '@octocloud/types';
import { beforeAll, describe, expect, it } from 'vitest';

import { POST as availabilityRoute } from '@/app/octo/v1/availability/route';
import { POST as confirmRoute } from '@/app/octo/v1/bookings/[uuid]/confirm/route';
import { GET as bookingRoute } from '@/app/octo/v1/bookings/[uuid]/route';
import { POST as reserveRoute } from '@/app/octo/v1/bookings/route';
import { GET as productRoute } from '@/app/octo/v1/products/[id]/route';
import { num, shopDb, str } from '@/booking/db';
import {
  confirmResellerBooking,
  findResellerBooking,
  reserveForReseller,
  type ResellerBooking,
} from '@/resellers/sales';
import { resellerStatement, type StatementMonth } from '@/resellers/statement';
import { salesReport } from '@/operations/reports';
import { madridToday } from '@/i18n/time';
import { newApiKey } from '@/resellers/octo/keys';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { addDeparture, makeTour, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Issue 16: a reseller's net rate per tour and category. Viatges Rate has 20 % commission and a
 * rate of 11.00 for an adult on `rated` (retail 15.00): adults there cost it 11.00, children
 * (8.00 retail) and audio guides the commission (6.40, 2.40); on `plain`, without rates, an adult
 * costs 12.00 as before.
 */
const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

let rated: { tourId: number; boatId: number };
let plain: { tourId: number; boatId: number };
const reseller = { id: 0, name: 'Viatges Rate', key: '' };
const base = 'http://localhost:3111/octo/v1';

beforeAll(async () => {
  rated = await makeTour(payload, { menuKey: 'americas' });
  plain = await makeTour(payload, { menuKey: 'ramonet' });
  const made = newApiKey();
  const doc = await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: {
      name: reseller.name,
      keyPrefix: made.prefix,
      keyHash: made.hash,
      commissionPercent: 20,
      netRates: [{ tour: rated.tourId, category: 'adult', netCents: 1100 }],
    },
  });
  reseller.id = Number(doc.id);
  reseller.key = made.key;
});

function req(path: string, body?: unknown) {
  return new Request(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Octo-Capabilities': 'octo/pricing',
      Authorization: `Bearer ${reseller.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}
const params = (uuid: string) => ({ params: Promise.resolve({ uuid }) });

type Priced = { retail: number; net: number };
type Units = { id: string; pricingFrom: Priced[] }[];

async function unitsOf(tourId: number): Promise<Units> {
  const response = await productRoute(req(`/products/${tourId}`), { params: Promise.resolve({ id: String(tourId) }) });
  const product = await response.json();
  expect(zProduct.safeParse(product).error).toBeUndefined();
  return (product as { options: { units: Units }[] }).options[0]!.units;
}

const netOf = (units: Units, id: string) => units.find((u) => u.id === id)!.pricingFrom[0];

async function setRate(netCents: number, commissionPercent: number) {
  await payload.update({
    collection: 'resellers',
    id: reseller.id,
    overrideAccess: true,
    data: { commissionPercent, netRates: [{ tour: rated.tourId, category: 'adult', netCents }] },
  });
}

async function monthOf(departureId: number): Promise<StatementMonth> {
  const { rows } = await shopDb(payload).query('SELECT local_date FROM departures WHERE id = ?', [departureId]);
  return str(rows[0]!.local_date).slice(0, 7) as StatementMonth;
}

async function resellerNetInReport(): Promise<number | undefined> {
  const today = madridToday(new Date());
  const report = await salesReport(payload, { from: today, to: today });
  return report.resellers.find((line) => line.resellerId === reseller.id)?.netCents;
}

describe(`reseller net rates on ${testDatabaseKind}`, () => {
  it('OCTO pricing shows the rate as the net of a rated unit and the commission net of the others', async () => {
    const units = await unitsOf(rated.tourId);
    expect(netOf(units, 'adult')).toMatchObject({ retail: 1500, net: 1100 });
    expect(netOf(units, 'child')).toMatchObject({ retail: 800, net: 640 });
    expect(netOf(units, 'reduced')).toMatchObject({ retail: 1200, net: 960 });
    expect(netOf(await unitsOf(plain.tourId), 'adult')).toMatchObject({ retail: 1500, net: 1200 });

    const departure = await addDeparture(payload, rated, { capacity: 30 });
    const avail = (await (
      await availabilityRoute(
        req('/availability', {
          productId: String(rated.tourId),
          optionId: 'DEFAULT',
          availabilityIds: [String(departure)],
          units: [
            { id: 'adult', quantity: 2 },
            { id: 'child', quantity: 1 },
          ],
        }),
      )
    ).json()) as { unitPricing: ({ unitId: string } & Priced)[]; pricing: Priced }[];
    expect(avail).toHaveLength(1);
    expect(zAvailability.safeParse(avail[0]).error).toBeUndefined();
    expect(avail[0]!.unitPricing.find((u) => u.unitId === 'adult')).toMatchObject({ retail: 1500, net: 1100 });
    expect(avail[0]!.pricing).toMatchObject({ retail: 3800, net: 2200 + 640 });
  });

  it('fixes the net on the booking at confirmation; statement and reports use it, and keep it when the rate changes', async () => {
    const departure = await addDeparture(payload, rated, { capacity: 30 });
    const uuid = crypto.randomUUID();
    const reserved = await reserveRoute(
      req('/bookings', {
        uuid,
        productId: String(rated.tourId),
        optionId: 'DEFAULT',
        availabilityId: String(departure),
        unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }],
      }),
    );
    expect(reserved.status).toBe(200);
    const held = await reserved.json();
    expect(zBooking.safeParse(held).error).toBeUndefined();
    expect(held).toMatchObject({ status: 'ON_HOLD', pricing: { retail: 3800, net: 2840 } });

    const confirmed = await confirmRoute(
      req(`/bookings/${uuid}/confirm`, { contact: { fullName: 'Joan Puig', emailAddress: 'joan@example.com' } }),
      params(uuid),
    );
    const booking = await confirmed.json();
    expect(zBooking.safeParse(booking).error).toBeUndefined();
    expect(booking).toMatchObject({ status: 'CONFIRMED', pricing: { retail: 3800, net: 2840 } });
    expect((booking as { unitItems: { pricing: Priced }[] }).unitItems.map((u) => u.pricing.net)).toEqual([
      1100, 1100, 640,
    ]);
    const { rows } = await shopDb(payload).query(
      'SELECT reference, reseller_net_cents, reseller_commission_percent FROM bookings WHERE octo_uuid = ?',
      [uuid],
    );
    expect(num(rows[0]!.reseller_net_cents)).toBe(2840);
    expect(num(rows[0]!.reseller_commission_percent)).toBe(20);

    // An audio guide is at the commission: 11.00 for the adult, 3.00 × 80 % for the guide.
    const withGuide = await sellDirect(departure, selection({ adult: 1, audioGuides: 1 }));
    expect(withGuide.totalCents).toBe(1800);
    expect(withGuide.netCents).toBe(1100 + 240);

    const month = await monthOf(departure);
    const before = await resellerStatement(payload, { resellerId: reseller.id, month });
    const line = before!.lines.find((l) => l.reference === str(rows[0]!.reference))!;
    expect(line).toMatchObject({ retailCents: 3800, netCents: 2840, commissionCents: 960 });
    expect(before!.totals).toMatchObject({ retailCents: 3800 + 1800, netCents: 2840 + 1340 });
    expect(await resellerNetInReport()).toBe(2840 + 1340);

    // New terms: a dearer rate and another commission. Offers change; what was sold does not.
    await setRate(1300, 50);
    expect(netOf(await unitsOf(rated.tourId), 'adult')).toMatchObject({ retail: 1500, net: 1300 });
    expect(netOf(await unitsOf(rated.tourId), 'child')).toMatchObject({ retail: 800, net: 400 });
    const after = await resellerStatement(payload, { resellerId: reseller.id, month });
    expect(after!.lines).toEqual(before!.lines);
    expect(after!.totals).toEqual(before!.totals);
    expect(await resellerNetInReport()).toBe(2840 + 1340);
    const again = await bookingRoute(req(`/bookings/${uuid}`), params(uuid));
    const shown = await again.json();
    expect(zBooking.safeParse(shown).error).toBeUndefined();
    expect(shown).toMatchObject({ pricing: { retail: 3800, net: 2840 } });
    expect((shown as { unitItems: { pricing: Priced }[] }).unitItems.map((u) => u.pricing.net)).toEqual([
      1100, 1100, 640,
    ]);
    await setRate(1100, 20);
  });
});

async function sellDirect(departureId: number, chosen: ReturnType<typeof selection>): Promise<ResellerBooking> {
  const uuid = crypto.randomUUID();
  const held = await reserveForReseller(payload, {
    resellerId: reseller.id,
    uuid,
    resellerReference: 'GUIDE',
    departureId,
    selection: chosen,
    customer: { name: 'Guest', surnames: '', email: '', phone: '', mobilePhone: '' },
    locale: 'en',
  });
  if (!held.ok) throw new Error(`hold: ${held.error}`);
  const booking = (await findResellerBooking(payload, reseller.id, uuid))!;
  const confirmed = await confirmResellerBooking(payload, {
    bookingId: booking.id,
    resellerId: reseller.id,
    resellerName: reseller.name,
    changes: {},
  });
  if (!confirmed.ok) throw new Error('not confirmed');
  return (await findResellerBooking(payload, reseller.id, uuid))!;
}
