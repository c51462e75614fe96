import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { shopDb, str } from '@/booking/db';
import { addPartnerCodes } from '@/partners/codes-repository';
import type { SandboxRequest } from '@/payments/sandbox';

import { expectInvariants } from '../fixtures/invariants';
import { paymentInstance } from '../fixtures/app-instance';
import { combineTour, makePartner } from '../fixtures/partner-fixtures';
import { heldAndStarted } from '../fixtures/sandbox-payments';
import { addDeparture, makeTour } from '../fixtures/shop-fixtures';
import { testDatabaseKind, useTestPayload } from '../fixtures/test-payload';

const payload = useTestPayload();
// This file's database (integration-setup.ts): the two app processes must open the same one.
const databaseUrl = process.env.DATABASE_URL!;

// Issue 44: a partner that supplies its own admission codes. Each web sale takes the next unused
// code in its paying transaction (decision 175); here 50 payments of ten departures are confirmed
// by two app processes at once, so the claims race across instances, not only inside one.
describe(`supplied partner codes on two app instances on ${testDatabaseKind}`, () => {
  it('50 web sales confirmed by two instances at once: 50 codes, none twice, each claimed by its sale', async () => {
    const partner = await makePartner(payload, { check: 'partnerCodes', lowCodesWarning: 5 });
    const codes = Array.from({ length: 60 }, (_, i) => `TWO-${String(i).padStart(3, '0')}`);
    await addPartnerCodes(shopDb(payload), partner, codes, new Date());
    const tour = await makeTour(payload, { menuKey: 'aquarium', boatCapacity: 100 });
    await combineTour(payload, tour.tourId, [{ partnerId: partner, adult: 600, reduced: 500, child: 400 }]);
    // Ten departures: the sales of one departure queue on its seats' row, those of different
    // departures meet only at the partner's codes.
    const departures: number[] = [];
    for (let i = 0; i < 10; i++) departures.push(await addDeparture(payload, tour, { capacity: 100 }));
    const requests: SandboxRequest[] = [];
    for (const departureId of departures) {
      const started = await Promise.all(
        Array.from({ length: 5 }, () => heldAndStarted(payload, departureId, { adults: 1 })),
      );
      requests.push(...started.map((s) => s.request));
    }
    // Interleaved halves: each instance confirms sales of every departure.
    const halves = [requests.filter((_, i) => i % 2 === 0), requests.filter((_, i) => i % 2 === 1)];
    const dir = mkdtempSync(path.join(tmpdir(), 'partner-code-racers-'));
    try {
      const files = halves.map((half, i) => {
        const file = path.join(dir, `requests-${i}.json`);
        writeFileSync(file, JSON.stringify(half));
        return file;
      });
      const startAt = String(Date.now() + 15_000);
      const results = await Promise.all(
        files.map((file) => paymentInstance({ DATABASE_URL: databaseUrl, REQUESTS_FILE: file, START_AT: startAt })),
      );
      expect(results[0]!.confirmed + results[1]!.confirmed).toBe(50);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const db = shopDb(payload);
    const { rows } = await db.query('SELECT code, supplied FROM admissions WHERE partner_id = ?', [partner]);
    expect(rows).toHaveLength(50);
    // Every admission carries one of the partner's codes (none fell back to our own QR).
    expect(rows.every((row) => row.supplied === true || row.supplied === 1)).toBe(true);
    const sold = rows.map((row) => str(row.code));
    expect(new Set(sold).size).toBe(50);
    const { rows: claimed } = await db.query(
      'SELECT code FROM partner_codes WHERE partner_id = ? AND claimed_at IS NOT NULL',
      [partner],
    );
    expect(claimed.map((row) => str(row.code)).sort()).toEqual([...sold].sort());
    await expectInvariants(payload);
  }, 240_000);
});
