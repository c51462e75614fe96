import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { shopDb } from '@/booking/db';
import { verifyInvoiceChain } from '@/invoicing/verify';
import type { SandboxRequest } from '@/payments/sandbox';

import { expectInvariants } from '../fixtures/invariants';
import { paymentInstance } from '../fixtures/app-instance';
import { heldAndStarted } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
// This file's database (integration-setup.ts): the two app processes must open the same one.
const databaseUrl = process.env.DATABASE_URL!;

// Decision 131: every issue queues on the chain's head row, so numbers stay gapless and the chain
// unbroken whichever instance confirms which payment. On SQLite the two processes share the file.
describe(`200 payments at once on two app instances on ${testDatabaseKind}`, () => {
  it('every payment is invoiced once, numbers have no gap, and the record chain holds', async () => {
    const shop = await makeTour(payload, { menuKey: 'maritime40', boatCapacity: 600 });
    const departureId = await addDeparture(payload, shop, { capacity: 600 });
    const db = shopDb(payload);
    const before = Number((await db.query('SELECT COUNT(*) AS n FROM invoices')).rows[0]!.n);
    const requests: SandboxRequest[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const started = await Promise.all(
        Array.from({ length: 25 }, () => heldAndStarted(payload, departureId, { adults: 1 })),
      );
      requests.push(...started.map((s) => s.request));
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'payment-racers-'));
    try {
      const files = [requests.slice(0, 100), requests.slice(100)].map((half, i) => {
        const file = path.join(dir, `requests-${i}.json`);
        writeFileSync(file, JSON.stringify(half));
        return file;
      });
      const startAt = String(Date.now() + 15_000);
      const results = await Promise.all(
        files.map((file) => paymentInstance({ DATABASE_URL: databaseUrl, REQUESTS_FILE: file, START_AT: startAt })),
      );
      expect(results[0]!.confirmed + results[1]!.confirmed).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { rows } = await db.query('SELECT series, number FROM invoices ORDER BY series, number');
    expect(rows.length - before).toBe(200);
    const bySeries = new Map<string, number[]>();
    for (const row of rows)
      bySeries.set(String(row.series), [...(bySeries.get(String(row.series)) ?? []), Number(row.number)]);
    for (const numbers of bySeries.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(await verifyInvoiceChain(db)).toMatchObject({ ok: true });
    await expectInvariants(payload);
  }, 240_000);
});
