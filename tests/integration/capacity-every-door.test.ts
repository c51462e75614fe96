import { describe, expect, it } from 'vitest';

import * as payloadRest from '@/app/(payload)/api/[...slug]/route';
import { POST as capacityRoute } from '@/app/api/ops/departures/[id]/capacity/route';
import { shopDb } from '@/booking/db';
import { createHold } from '@/booking/holds';
import ca from '@/i18n/messages/ops/ca.json';
import en from '@/i18n/messages/ops/en.json';
import es from '@/i18n/messages/ops/es.json';
import fr from '@/i18n/messages/ops/fr.json';
import { fill } from '@/lib/icu-lite';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

/**
 * Issue 25, item 5: the staff capacity API refused a capacity below seats sold plus held, but a
 * PATCH of the departure or of its boat through Payload (REST, admin, local API) took it: 1 seat
 * with 7 sold and 2 held. One rule, whatever the door (src/operations/departures.ts).
 */
const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
const rest = payloadRest as unknown as Record<'PATCH', Handler>;
const messages = { ca: ca.ops, es: es.ops, en: en.ops, fr: fr.ops };
let client = 0;

async function officeToken(): Promise<{ token: string; user: { id: number | string } }> {
  const email = `office-capacity-${++client}-${Date.now()}@example.com`;
  const password = 'long enough office password 2026';
  const user = await payload.create({ collection: 'users', data: { email, password, role: 'office' } as never });
  const { token } = await payload.login({ collection: 'users', data: { email, password } });
  return { token: token!, user };
}

async function patch(token: string, path: string, body: unknown, language: keyof typeof messages) {
  const url = new URL(`http://localhost:3000/api/${path}`);
  const response = await rest.PATCH(
    new Request(url, {
      method: 'PATCH',
      headers: {
        authorization: `JWT ${token}`,
        'content-type': 'application/json',
        cookie: `payload-lng=${language}`,
        'x-test-client-ip': `capacity-${++client}`,
      },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ slug: path.split('/') }) },
  );
  return { status: response.status, body: (await response.json()) as { errors?: { message: string }[] } };
}

/** A departure of a 20-seat boat with 7 seats sold and 2 held. */
async function sevenSoldTwoHeld(menuKey: string) {
  const shop = await makeTour(payload, { menuKey, boatCapacity: 20 });
  const departureId = await addDeparture(payload, shop, { capacity: 20 });
  await paidBooking(payload, departureId, { adults: 7 });
  const held = await createHold(payload, { departureId, selection: selection({ adult: 2 }), customer, locale: 'ca' });
  expect(held.ok).toBe(true);
  expect(await seatsOf(payload, departureId)).toEqual({ capacity: 20, sold: 7, held: 2 });
  return { shop, departureId };
}

const boatSeats = async (boatId: number) =>
  Number((await shopDb(payload).query('SELECT capacity FROM boats WHERE id = ?', [boatId])).rows[0]!.capacity);

describe(`capacity below seats sold plus held, through every door, on ${testDatabaseKind}`, () => {
  it('a departure: Payload REST and the local API refuse it in the staff language; at or above, they take it', async () => {
    const { token, user } = await officeToken();
    const { departureId } = await sevenSoldTwoHeld('maritime60');
    const numbers = { minimum: 9, sold: 7, held: 2 };

    for (const language of ['es', 'fr'] as const) {
      const refused = await patch(token, `departures/${departureId}`, { capacity: 1 }, language);
      expect(refused.status).toBe(409);
      expect(refused.body.errors?.[0]?.message).toBe(fill(messages[language].errors.belowTaken, numbers));
    }
    await expect(
      payload.update({
        collection: 'departures',
        id: departureId,
        data: { capacity: 8 },
        user: { ...user, collection: 'users' } as never,
        overrideAccess: false,
      }),
    ).rejects.toThrow(fill(ca.ops.errors.belowTaken, numbers));
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 20, sold: 7, held: 2 });

    // The staff capacity API says the same thing in the same words.
    const staff = await capacityRoute(
      new Request(`http://localhost:3000/api/ops/departures/${departureId}/capacity`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json', cookie: 'payload-lng=en' },
        body: JSON.stringify({ capacity: 1 }),
      }),
      { params: Promise.resolve({ id: String(departureId) }) },
    );
    expect(staff.status).toBe(409);
    expect(((await staff.json()) as { message: string }).message).toBe(fill(en.ops.errors.belowTaken, numbers));

    const exact = await patch(token, `departures/${departureId}`, { capacity: 9 }, 'en');
    expect(exact.status).toBe(200);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 9, sold: 7, held: 2 });
    // Full now: nobody can hold another seat.
    expect(
      await createHold(payload, { departureId, selection: selection({ adult: 1 }), customer, locale: 'ca' }),
    ).toMatchObject({ ok: false, error: 'capacityExhausted' });
  });

  // Issue 42: the single PATCH answered "An unknown error occurred." where the bulk one and the
  // staff API gave the clear message. Every way the admin and a script send it: the same words.
  it('a departure: the single PATCH, as JSON or as the admin’s form, says what the bulk one says', async () => {
    const { token } = await officeToken();
    const { departureId } = await sevenSoldTwoHeld('magic');
    const expected = fill(es.ops.errors.belowTaken, { minimum: 9, sold: 7, held: 2 });
    const send = async (path: string, body: BodyInit, type?: string) => {
      const url = new URL(`http://localhost:3000/api/${path}`);
      const headers = new Headers({ authorization: `JWT ${token}`, cookie: 'payload-lng=es' });
      if (type) headers.set('content-type', type);
      const response = await rest.PATCH(new Request(url, { method: 'PATCH', headers, body }), {
        params: Promise.resolve({ slug: url.pathname.replace(/^\/api\//, '').split('/') }),
      });
      const text = await response.text();
      return { status: response.status, text };
    };
    const form = new FormData();
    form.set('_payload', JSON.stringify({ capacity: 1 }));
    const answers = {
      json: await send(`departures/${departureId}`, JSON.stringify({ capacity: 1 }), 'application/json'),
      admin: await send(`departures/${departureId}?depth=0&fallback-locale=null&locale=ca`, form),
      bulk: await send(
        `departures?where[id][equals]=${departureId}`,
        JSON.stringify({ capacity: 1 }),
        'application/json',
      ),
    };
    for (const [door, answer] of Object.entries(answers)) {
      expect({ door, status: answer.status < 500 && answer.status >= 400 }).toEqual({ door, status: true });
      expect({ door, message: JSON.parse(answer.text).errors?.[0]?.message }).toEqual({ door, message: expected });
    }
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 20, sold: 7, held: 2 });
  });

  it('a boat: lowering it below a future departure’s sold plus held is refused; otherwise its departures come down with it', async () => {
    const { token } = await officeToken();
    const { shop, departureId } = await sevenSoldTwoHeld('maritime40');
    const empty = await addDeparture(payload, shop, { capacity: 20 });
    const sailed = await addDeparture(payload, shop, { capacity: 20, startsAt: new Date(Date.now() - 86_400_000) });
    const blocking = (
      await shopDb(payload).query('SELECT local_date, local_time FROM departures WHERE id = ?', [departureId])
    ).rows[0]!;
    const numbers = {
      date: String(blocking.local_date),
      time: String(blocking.local_time),
      minimum: 9,
      sold: 7,
      held: 2,
    };

    for (const language of ['ca', 'fr'] as const) {
      const refused = await patch(token, `boats/${shop.boatId}`, { capacity: 1 }, language);
      expect(refused.status).toBe(409);
      expect(refused.body.errors?.[0]?.message).toBe(fill(messages[language].errors.boatBelowTaken, numbers));
    }
    await expect(payload.update({ collection: 'boats', id: shop.boatId, data: { capacity: 8 } })).rejects.toThrow(
      fill(ca.ops.errors.boatBelowTaken, numbers),
    );
    // Nothing changed: not the boat, and not the departure that could have come down.
    expect(await boatSeats(shop.boatId)).toBe(20);
    expect(await seatsOf(payload, empty)).toMatchObject({ capacity: 20 });

    const lowered = await patch(token, `boats/${shop.boatId}`, { capacity: 9 }, 'es');
    expect(lowered.status).toBe(200);
    expect(await boatSeats(shop.boatId)).toBe(9);
    expect(await seatsOf(payload, departureId)).toEqual({ capacity: 9, sold: 7, held: 2 });
    expect(await seatsOf(payload, empty)).toMatchObject({ capacity: 9 });
    // A departure that has sailed keeps its record.
    expect(await seatsOf(payload, sailed)).toMatchObject({ capacity: 20 });
    // Raising the boat again leaves the departures' seats to the staff.
    expect((await patch(token, `boats/${shop.boatId}`, { capacity: 30 }, 'es')).status).toBe(200);
    expect(await seatsOf(payload, empty)).toMatchObject({ capacity: 9 });
  });
});
