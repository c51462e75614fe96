import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { correctCustomer } from '@/booking/bookings-repository';
import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import { foldForSearch } from '@/operations/search-fold';
import { addDays, madridToday, madridToUtc } from '@/i18n/time';
import { searchBookings } from '@/operations/booking-search';

import { addDeparture, customer, makeTour, selection } from '../fixtures/shop-fixtures';
import { startTestPayload, testDatabaseKind } from '../fixtures/test-payload';

let payload: Payload;
let stop: () => Promise<void>;
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  ({ payload, stop } = await startTestPayload());
  shop = await makeTour(payload, { menuKey: 'magic', boatCapacity: 100 });
});
afterAll(async () => {
  await stop?.();
});

async function booking(who: Partial<typeof customer>) {
  const departureId = await addDeparture(payload, shop, {
    capacity: 20,
    startsAt: madridToUtc(addDays(madridToday(new Date()), 3), '12:00'),
  });
  const held = await createHold(payload, {
    departureId,
    selection: selection({ adult: 1 }),
    customer: { ...customer, ...who },
    locale: 'ca',
  });
  if (!held.ok) throw new Error(held.error);
  return held.reference;
}

const find = async (q: string, date?: string) =>
  (await searchBookings(payload, { q, date: date ?? null })).map((hit) => hit.reference);

describe(`booking search forgives accents and word order on ${testDatabaseKind}`, () => {
  it('finds "García López" by "lopez", "garcia lopez", "LOPEZ GARCIA" and the accented spelling', async () => {
    const reference = await booking({ name: 'María', surnames: 'García López' });
    const other = await booking({ name: 'Pere', surnames: 'Garcia Puig' });
    for (const q of ['lopez', 'garcia lopez', 'LOPEZ GARCIA', 'lópez', 'GARCÍA', 'maria lopez', 'lo\u0301pez']) {
      expect(await find(q), q).toContain(reference);
    }
    expect(await find('garcia')).toEqual(expect.arrayContaining([reference, other]));
    expect(await find('garcia lopez')).not.toContain(other);
    // A word she does not have finds nothing, even beside one she has. It holds an "o": booking
    // references never do (src/booking/codes.ts), so it cannot match hers ("zzz" did, one run in
    // about two thousand, in a reference like R9TZZZBUE9M34UNVP9YB).
    expect(await find('lopez quiroga')).not.toContain(reference);
    // The date-narrowed search matches the rows directly, not through the index.
    const day = addDays(madridToday(new Date()), 3);
    expect(await find('lopez garcia', day)).toContain(reference);
  });

  it('folds the Catalan middle dot, ligatures and upper-case accents the same in the database as here', async () => {
    const reference = await booking({ name: 'Núria', surnames: 'Paral·lel ØSTERGÅRD Çelebi Strauß Œuvre' });
    for (const q of ['nuria parallel', 'paral·lel', 'ostergard', 'celebi', 'strauss', 'oeuvre', 'NÚRIA']) {
      expect(await find(q), q).toContain(reference);
    }
    const { rows } = await shopDb(payload).query(
      'SELECT search_text, customer_name, customer_surnames FROM bookings WHERE reference = ?',
      [reference],
    );
    const row = rows[0]!;
    expect(String(row.search_text)).toContain(
      foldForSearch(`${String(row.customer_name)} ${String(row.customer_surnames)}`),
    );
    expect(String(row.search_text)).toContain('nuria parallel ostergard celebi strauss oeuvre');
  });

  it('keeps the search text on every write: a corrected surname is found by its new spelling only', async () => {
    const reference = await booking({ name: 'Jordi', surnames: 'Pérez' });
    expect(await find('perez jordi')).toContain(reference);
    const db = shopDb(payload);
    const { rows } = await db.query('SELECT id FROM bookings WHERE reference = ?', [reference]);
    await correctCustomer(db, Number(rows[0]!.id), { surnames: 'Muñoz' }, new Date());
    expect(await find('munoz jordi')).toContain(reference);
    expect(await find('perez jordi')).not.toContain(reference);
  });
});
