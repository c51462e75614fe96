import { beforeAll, describe, expect, it } from 'vitest';

import { ANONYMISED_EMAIL } from '@/operations/booking-actions';
import { shopDb, str } from '@/booking/db';
import { shopJobs } from '@/booking/jobs';
import { applyRetention, lastRetentionRun, RETENTION_ACTION } from '@/privacy/retention';

import { checkInvariantsAfterEach } from '../fixtures/invariants';
import { paidBooking } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { useTestPayload, testDatabaseKind } from '../fixtures/test-payload';

const payload = useTestPayload();
let shop: { tourId: number; boatId: number };

beforeAll(async () => {
  shop = await makeTour(payload, { menuKey: 'magic' });
});
checkInvariantsAfterEach(() => payload);

const YEAR = 365 * 24 * 3600_000;

async function bookingRow(reference: string) {
  const { rows } = await shopDb(payload).query(
    'SELECT customer_name, customer_email, customer_phone, total_cents, paid_cents, status FROM bookings WHERE reference = ?',
    [reference],
  );
  return rows[0]!;
}

async function request(email: string, createdAt: Date) {
  const doc = await payload.create({
    collection: 'requests',
    overrideAccess: true,
    data: {
      kind: 'group',
      locale: 'ca',
      status: 'new',
      title: `Casal ${email}`,
      contactName: 'Joan Serra',
      email,
      phone: '600 000 000',
      organisation: 'Casal Gent Gran',
      tour: 'barcelona-port-40-min',
      groupSize: 25,
      message: 'Som 25, un amb cadira de rodes',
    } as never,
  });
  await shopDb(payload).query('UPDATE requests SET created_at = ? WHERE id = ?', [createdAt.toISOString(), doc.id]);
  return Number(doc.id);
}

describe(`personal data retention on ${testDatabaseKind}`, () => {
  it('erases who booked five years after the departure and who asked two years after the request, keeping the accounts', async () => {
    // "Now" is six years ahead: this booking's departure (in three days) is then over five years old.
    const now = new Date(Date.now() + 6 * YEAR);
    const old = await paidBooking(payload, await addDeparture(payload, shop), { adults: 2 });
    // A departure 1.5 years before that "now" is still within the five years.
    const recentDeparture = await addDeparture(payload, shop, { startsAt: new Date(now.getTime() - 1.5 * YEAR) });
    const recent = await paidBooking(payload, recentDeparture, { adults: 1 });

    const oldRequest = await request('old@example.com', new Date(now.getTime() - 2.1 * YEAR));
    const newRequest = await request('new@example.com', new Date(now.getTime() - 1.9 * YEAR));

    const first = await applyRetention(payload, now);
    expect(first.requests).toBe(1);
    expect(first.bookings).toBe(1);

    const erased = await bookingRow(old.reference);
    expect(erased).toMatchObject({ customer_name: '—', customer_email: ANONYMISED_EMAIL, customer_phone: '' });
    expect(Number(erased.paid_cents)).toBe(Number(erased.total_cents));
    expect(str(erased.status)).toBe('paid');
    expect(str((await bookingRow(recent.reference)).customer_email)).not.toBe(ANONYMISED_EMAIL);

    const gone = await payload.findByID({ collection: 'requests', id: oldRequest, overrideAccess: true });
    expect(gone).toMatchObject({
      contactName: '—',
      email: ANONYMISED_EMAIL,
      groupSize: 25,
      tour: 'barcelona-port-40-min',
    });
    expect(gone.phone ?? null).toBeNull();
    expect(gone.message ?? null).toBeNull();
    const kept = await payload.findByID({ collection: 'requests', id: newRequest, overrideAccess: true });
    expect(kept.email).toBe('new@example.com');

    // Each run leaves one audit entry with what it anonymised: counts, never who.
    expect(await lastRetentionRun(payload)).toEqual({ at: now.toISOString(), bookings: 1, requests: 1 });

    // Run again: nothing left to erase, nothing erased twice.
    const later = new Date(now.getTime() + 24 * 3600_000);
    expect(await applyRetention(payload, later)).toEqual({ bookings: 0, requests: 0 });
    expect(await lastRetentionRun(payload)).toEqual({ at: later.toISOString(), bookings: 0, requests: 0 });
    const runs = await shopDb(payload).query(
      'SELECT actor, subject, after FROM audit_log WHERE action = ? ORDER BY id',
      [RETENTION_ACTION],
    );
    expect(runs.rows.map((r) => [r.actor, r.subject])).toEqual([
      ['system:retention', 'job:applyRetention'],
      ['system:retention', 'job:applyRetention'],
    ]);
    const said = JSON.stringify(runs.rows);
    for (const erased of ['Joan Serra', 'old@example.com', 'Casal', '600 000 000', old.reference]) {
      expect(said).not.toContain(erased);
    }
    const audit = await shopDb(payload).query('SELECT actor, action FROM audit_log WHERE subject = ?', [
      `booking:${old.reference}`,
    ]);
    expect(audit.rows.map((r) => [r.actor, r.action])).toContainEqual(['system:retention', 'booking.anonymised']);
  });

  it('is scheduled every night on the daily queue, which every jobs instance runs; a run writes its audit entry', async () => {
    const task = payload.config.jobs.tasks?.find((t) => t.slug === 'applyRetention');
    expect(task?.schedule).toEqual([{ cron: '0 15 4 * * *', queue: 'daily' }]);
    expect(shopJobs().autoRun.map((run) => run.queue)).toContain('daily');

    // What the jobs runner does on the daily queue: schedule the night's run…
    const scheduled = await payload.jobs.handleSchedules({ queue: 'daily' });
    expect(scheduled.queued.map((q) => q.taskConfig?.slug)).toContain('applyRetention');
    const { docs } = await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'applyRetention' }, processing: { equals: false } },
      overrideAccess: true,
    });
    expect(docs).toHaveLength(1);
    const waitUntil = new Date(docs[0]!.waitUntil as string);
    expect(waitUntil.getTime()).toBeGreaterThan(Date.now());
    expect(waitUntil.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(`${waitUntil.getMinutes()}:${waitUntil.getSeconds()}`).toBe('15:0');

    // …and once 04:15 comes, run it.
    const before = Date.now();
    await payload.update({
      collection: 'payload-jobs',
      id: docs[0]!.id,
      data: { waitUntil: new Date(before - 1000).toISOString() },
      overrideAccess: true,
    });
    await payload.jobs.run({ queue: 'daily' });
    const entry = await shopDb(payload).query(
      'SELECT actor, after, created_at FROM audit_log WHERE action = ? ORDER BY id DESC LIMIT 1',
      [RETENTION_ACTION],
    );
    expect(entry.rows[0]).toMatchObject({ actor: 'system:retention' });
    expect(new Date(entry.rows[0]!.created_at as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const after = entry.rows[0]!.after;
    expect(typeof after === 'string' ? JSON.parse(after) : after).toEqual({ bookings: 0, requests: 0 });
  });
});
