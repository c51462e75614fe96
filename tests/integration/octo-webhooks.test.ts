import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { zBooking } from '@octocloud/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET as bookingRoute, PATCH as patchRoute } from '@/app/octo/v1/bookings/[uuid]/route';
import { moveBooking } from '@/operations/booking-actions';
import { shopDb, num, str } from '@/booking/db';
import { cancelDeparture, disruptionReport } from '@/operations/disruption';
import { confirmResellerBooking, reserveForReseller } from '@/resellers/sales';
import { RESELLER_WEBHOOK_QUEUE } from '@/resellers/octo/jobs';
import { newApiKey } from '@/resellers/octo/keys';
import { newWebhookSecret, queueBookingWebhook, signWebhook } from '@/resellers/octo/webhooks';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { sandboxProvider as provider } from '../fixtures/sandbox-payments';
import { addDeparture, customer, makeTour, seatsOf, selection } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
checkInvariantsAfterEach(() => payload);

type Received = { headers: IncomingMessage['headers']; body: string };
/** The reseller's side: records every post, answers with whatever `answers` says next (then 200). */
let received: Received[] = [];
let answers: number[] = [];
let server: Server;
let webhookUrl = '';

let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/octo-webhook`;
  shop = await makeTour(payload, { menuKey: 'americas' });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function makeReseller(name: string, withWebhook: boolean) {
  const made = newApiKey();
  const secret = newWebhookSecret();
  const doc = await payload.create({
    collection: 'resellers',
    overrideAccess: true,
    data: {
      name,
      keyPrefix: made.prefix,
      keyHash: made.hash,
      commissionPercent: 20,
      webhookSecret: secret,
      ...(withWebhook ? { webhookUrl } : {}),
    },
  });
  return { id: Number(doc.id), name, key: made.key, secret };
}

async function soldByReseller(reseller: { id: number; name: string }, departureId: number, adults: number) {
  const uuid = crypto.randomUUID();
  const held = await reserveForReseller(payload, {
    resellerId: reseller.id,
    uuid,
    resellerReference: `R-${uuid.slice(0, 6)}`,
    departureId,
    selection: selection({ adult: adults }),
    customer,
    locale: 'en',
  });
  if (!held.ok) throw new Error(`not held: ${held.error}`);
  const { rows } = await shopDb(payload).query('SELECT id FROM bookings WHERE octo_uuid = ?', [uuid]);
  const bookingId = num(rows[0]!.id);
  const confirmed = await confirmResellerBooking(payload, {
    bookingId,
    resellerId: reseller.id,
    resellerName: reseller.name,
    changes: {},
  });
  expect(confirmed).toMatchObject({ ok: true });
  return { uuid, bookingId };
}

function getBooking(key: string, uuid: string) {
  return bookingRoute(
    new Request(`http://localhost:3111/octo/v1/bookings/${uuid}`, { headers: { Authorization: `Bearer ${key}` } }),
    { params: Promise.resolve({ uuid }) },
  );
}

const runQueue = () => payload.jobs.run({ queue: RESELLER_WEBHOOK_QUEUE, limit: 20, silent: true });

describe(`reseller webhooks on ${testDatabaseKind}`, () => {
  it('cancels reseller bookings with a weather cancellation and posts each one once, signed', async () => {
    received = [];
    const reseller = await makeReseller('Klook test', true);
    const quiet = await makeReseller('No webhook', false);
    const departureId = await addDeparture(payload, shop, { capacity: 30 });
    const a = await soldByReseller(reseller, departureId, 2);
    const b = await soldByReseller(reseller, departureId, 3);
    const c = await soldByReseller(quiet, departureId, 1);
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 6 });

    const result = await cancelDeparture(payload, { departureId, reason: 'wind', by: 'user:1' });
    expect(result).toMatchObject({ ok: true, disrupted: [] });
    if (!result.ok) throw new Error('not cancelled');
    expect(result.resellerCancelled).toEqual([a.bookingId, b.bookingId, c.bookingId].sort((x, y) => x - y));
    // The reseller is the customer: seats back, the amount owed released on its account.
    expect(await seatsOf(payload, departureId)).toMatchObject({ sold: 0, held: 0 });
    const report = await disruptionReport(payload, departureId);
    expect(report.bookings.map((entry) => [entry.status, entry.choice, entry.refund?.status])).toEqual([
      ['cancelled', 'refunded', 'succeeded'],
      ['cancelled', 'refunded', 'succeeded'],
      ['cancelled', 'refunded', 'succeeded'],
    ]);
    const { rows: refunds } = await shopDb(payload).query(
      `SELECT method, order_ref FROM payment_events WHERE kind = 'refund' AND booking_id = ?`,
      [a.bookingId],
    );
    expect(refunds.map((r) => [str(r.method), r.order_ref])).toEqual([['invoice', null]]);

    for (const { uuid } of [a, b]) {
      const answer = await getBooking(reseller.key, uuid);
      const body = (await answer.json()) as Record<string, unknown>;
      expect(zBooking.safeParse(body).error).toBeUndefined();
      expect(body).toMatchObject({ uuid, status: 'CANCELLED', cancellation: { refund: 'FULL' } });
    }

    expect(received).toHaveLength(0);
    await runQueue();
    expect(received).toHaveLength(2);
    const posted = received.map((post) => {
      expect(post.headers['content-type']).toMatch(/^application\/json/);
      expect(post.headers['octo-signature']).toBe(signWebhook(reseller.secret, post.body));
      expect(post.headers['octo-signature']).not.toBe(signWebhook(quiet.secret, post.body));
      const body = JSON.parse(post.body) as { event: string; booking: { uuid: string; status: string } };
      expect(body.event).toBe('booking_update');
      expect(zBooking.safeParse(body.booking).error).toBeUndefined();
      return [body.booking.uuid, body.booking.status, post.headers['idempotency-key']];
    });
    expect(posted.sort()).toEqual(
      [
        [a.uuid, 'CANCELLED', `${a.bookingId}:booking.cancelled`],
        [b.uuid, 'CANCELLED', `${b.bookingId}:booking.cancelled`],
      ].sort(),
    );

    // The same change again (a replayed event) is never posted twice.
    expect(await queueBookingWebhook(payload, { bookingId: a.bookingId, event: 'booking.cancelled' })).toBe(false);
    await runQueue();
    expect(received).toHaveLength(2);
  });

  it('retries a post the reseller answered with 500, and then stops', async () => {
    received = [];
    answers = [500];
    const reseller = await makeReseller('Flaky reseller', true);
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const sold = await soldByReseller(reseller, departureId, 1);
    await cancelDeparture(payload, { departureId, reason: 'seaState', by: 'user:1' });

    await runQueue();
    expect(received).toHaveLength(1);
    const delivery = async () =>
      (
        await payload.find({
          collection: 'reseller-webhooks',
          where: { idempotencyKey: { equals: `${sold.bookingId}:booking.cancelled` } },
          overrideAccess: true,
        })
      ).docs[0]!;
    expect(await delivery()).toMatchObject({ status: 'failed', attempts: 1, error: 'HTTP 500' });

    // Backoff: the retry waits; bring its time forward instead of sleeping 30 s.
    const jobs = await payload.find({
      collection: 'payload-jobs',
      where: { queue: { equals: RESELLER_WEBHOOK_QUEUE } },
      overrideAccess: true,
    });
    expect(jobs.docs).toHaveLength(1);
    expect(jobs.docs[0]!.waitUntil).toBeTruthy();
    await runQueue();
    expect(received).toHaveLength(1);
    await payload.update({
      collection: 'payload-jobs',
      id: jobs.docs[0]!.id,
      overrideAccess: true,
      data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    });
    await runQueue();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['octo-signature']).toBe(signWebhook(reseller.secret, received[1]!.body));
    expect(await delivery()).toMatchObject({ status: 'sent', attempts: 2 });
    await runQueue();
    expect(received).toHaveLength(2);
  });

  it('posts nothing for a cancellation the reseller made itself', async () => {
    received = [];
    const reseller = await makeReseller('Self-cancelling', true);
    const departureId = await addDeparture(payload, shop, { capacity: 10 });
    const sold = await soldByReseller(reseller, departureId, 1);
    expect(
      await queueBookingWebhook(payload, {
        bookingId: sold.bookingId,
        event: 'booking.cancelled',
        by: `reseller:${reseller.id}`,
      }),
    ).toBe(false);
    await runQueue();
    expect(received).toHaveLength(0);
  });

  it('posts a move staff made of a reseller booking once per move; the reseller’s own change is not posted', async () => {
    received = [];
    const reseller = await makeReseller('Moved by staff', true);
    const from = await addDeparture(payload, shop, { capacity: 30 });
    const to = await addDeparture(payload, shop, { capacity: 30 });
    const sold = await soldByReseller(reseller, from, 2);
    const { rows } = await shopDb(payload).query('SELECT reference FROM bookings WHERE id = ?', [sold.bookingId]);
    const reference = str(rows[0]!.reference);
    // The box office's move: the same rebook as the reseller's OCTO change.
    expect(await moveBooking(payload, { reference, departureId: to, by: 'user:1' }, { provider })).toMatchObject({
      ok: true,
      differenceCents: 0,
    });
    await runQueue();
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0]!.body) as {
      event: string;
      booking: { availabilityId: string; status: string };
    };
    expect(body.booking).toMatchObject({ availabilityId: String(to), status: 'CONFIRMED' });
    expect(zBooking.safeParse(body.booking).error).toBeUndefined();
    expect(received[0]!.headers['idempotency-key']).toMatch(new RegExp(`^${sold.bookingId}:booking.updated:\\d+$`));
    await runQueue();
    expect(received).toHaveLength(1);

    // The reseller moves it back itself (OCTO update): it has our answer, nothing is posted.
    const patched = await patchRoute(
      new Request(`http://localhost:3111/octo/v1/bookings/${sold.uuid}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${reseller.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ availabilityId: String(from) }),
      }),
      { params: Promise.resolve({ uuid: sold.uuid }) },
    );
    expect(patched.status).toBe(200);
    await runQueue();
    expect(received).toHaveLength(1);
    // A second move by staff is news again, under a key of its own.
    expect(await moveBooking(payload, { reference, departureId: to, by: 'user:1' }, { provider })).toMatchObject({
      ok: true,
    });
    await runQueue();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['idempotency-key']).not.toBe(received[0]!.headers['idempotency-key']);
  });
});
